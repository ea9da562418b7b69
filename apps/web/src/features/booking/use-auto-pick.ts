/**
 * skip_uniq_choice (docs/requirements/booking-flow.md §2, §4): a step whose list holds a single option picks it as soon as
 * it is shown and moves on — unless the visitor came back to this step on purpose.
 */
import type { BookingStep } from '@creneau/core/booking/step-list';
import { autoPick } from '@creneau/core/booking/step-skipping';
import { useEffect, useRef } from 'react';
import { useBookingStore } from './booking-store.ts';

/** Picks the only option once the options are known; true while that is under way. */
export function useAutoPick<T>(
  step: Pick<BookingStep, 'skip_uniq_choice'> | undefined,
  options: readonly T[] | null,
  pick: (option: T) => void,
): boolean {
  const wentBack = useBookingStore((s) => s.sequence.went_back);
  const done = useRef(false);
  const only = step && options && !wentBack ? autoPick(step, options) : null;
  useEffect(() => {
    if (only === null || done.current) return;
    done.current = true;
    pick(only);
  }, [only, pick]);
  return only !== null;
}

/**
 * A step with nothing to ask (no sets left, no service needing a resource…) passes itself over:
 * `skip` runs once, when `when` turns true.
 */
export function useSkipStep(when: boolean, skip: () => void): boolean {
  const done = useRef(false);
  useEffect(() => {
    if (!when || done.current) return;
    done.current = true;
    skip();
  }, [when, skip]);
  return when;
}
