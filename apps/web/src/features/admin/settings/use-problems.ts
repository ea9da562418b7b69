/**
 * The problems a settings form shows after a save attempt: the fields named (by the browser's own
 * checks or by the server's 422) and the server's lines no field shows; showing them focuses the
 * first field named, and editing a field clears its problem.
 */
import { useState } from 'react';

export function useProblems<F extends string>(focusNext: { current: string | null }) {
  const [invalid, setInvalid] = useState<F[]>([]);
  const [others, setOthers] = useState<string[]>([]);
  /** Shows these problems in place of the last ones (none: clears them). */
  const show = (found: F[], elsewhere: string[]) => {
    setInvalid(found);
    setOthers(elsewhere);
    focusNext.current = found[0] ?? null;
  };
  /** The field was edited: its problem no longer applies. */
  const fixed = (field: F) => {
    if (invalid.includes(field)) setInvalid((list) => list.filter((item) => item !== field));
  };
  return { invalid, others, show, fixed, setInvalid };
}
