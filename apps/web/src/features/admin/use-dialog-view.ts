/**
 * Which part of the appointment dialog shows — the details, the move form or the cancel form — and
 * where the focus goes back to: where it left from after a form, or to what an action did.
 */
import { useEffect, useRef, useState } from 'react';

export type DialogView = 'details' | 'move' | 'cancel';

export function useDialogView() {
  const [view, setView] = useState<DialogView>('details');
  const [done, setDone] = useState<string | null>(null);
  const actionBar = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const [focusAfter, setFocusAfter] = useState<'move' | 'cancel' | 'done' | null>(null);
  useEffect(() => {
    if (view !== 'details' || !focusAfter) return;
    const target =
      focusAfter === 'done'
        ? doneRef.current
        : actionBar.current?.querySelector<HTMLElement>(`[data-testid="action-${focusAfter}"]`);
    target?.focus();
    setFocusAfter(null);
  }, [view, focusAfter]);

  const open = (next: 'move' | 'cancel') => {
    setDone(null);
    setView(next);
  };
  const back = () => {
    setFocusAfter(view === 'cancel' ? 'cancel' : 'move');
    setView('details');
  };
  /** An action was written: back to the details, which say what it did. */
  const finish = (text: string) => {
    setDone(text);
    setFocusAfter('done');
    setView('details');
  };
  return { view, done, actionBar, doneRef, open, back, finish };
}
