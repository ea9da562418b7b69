/**
 * The arrow keys between the agenda board's appointments (docs/back-office.md "Agenda"): up and
 * down in a column, left and right to the nearest in time in the next column, Home and End. Both
 * callbacks are stable, so the memoised columns of appointments do not re-render for them.
 */
import { type KeyboardEvent, useCallback, useMemo, useRef } from 'react';
import type { AgendaColumnModel } from './agenda-columns.ts';
import { nextPosition } from './agenda-layout.ts';

type ArrowKey = Parameters<typeof nextPosition>[2];
const MOVES = new Set<string>(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

export function useBoardKeys(columns: readonly AgendaColumnModel[]) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // Keyboard order inside a column: by start time, the order the list reads in.
  const starts = useMemo(() => columns.map((c) => c.appointments.map((p) => p.start)), [columns]);
  const startsRef = useRef(starts);
  startsRef.current = starts;

  const register = useCallback((key: string, element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  }, []);

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLButtonElement>, column: number, index: number) => {
    if (!MOVES.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = nextPosition(startsRef.current, { column, index }, event.key as ArrowKey);
    event.preventDefault();
    if (target) buttons.current.get(`${target.column}:${target.index}`)?.focus();
  }, []);

  return { register, onKeyDown };
}
