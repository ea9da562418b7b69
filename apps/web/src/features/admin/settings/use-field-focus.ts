/**
 * The settings forms' focus after a render: fields register their element under a key, and an
 * action names the key to focus once the next render has drawn it (a new row's first field, the
 * first field with a problem, the add button after a removal).
 */
import { useEffect, useRef } from 'react';

export function useFieldFocus() {
  const fields = useRef(new Map<string, HTMLElement | null>());
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    const element = fields.current.get(focusNext.current);
    focusNext.current = null;
    element?.focus();
  });
  const register = (key: string) => (element: HTMLElement | null) => {
    fields.current.set(key, element);
  };
  return { register, focusNext };
}
