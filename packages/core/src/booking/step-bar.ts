/**
 * The numbered booking step bar (docs/requirements/booking-flow.md §2): it appears from the second step on and not on the
 * confirm step; steps are clickable back to earlier ones; steps after the current one are disabled
 * unless "next" is allowed (then the next step that is not passed over is clickable); in edit mode
 * the steps before the slots step are locked; passed-over steps are shown struck through and greyed.
 */
import type { BookingStepName } from './step-list.ts';

export type StepBarState = 'done' | 'current' | 'next' | 'disabled' | 'locked' | 'blocked';

export interface StepBarItem {
  name: BookingStepName;
  /** 1-based position in the bar. */
  number: number;
  state: StepBarState;
  clickable: boolean;
}

/** The step bar for the current position in the sequence. */
export function stepBar(
  steps: readonly { name: BookingStepName }[],
  options: {
    current: number;
    nextAllowed: boolean;
    editing: boolean;
    /** True for steps passed over (skipped rules, unique choice). */
    isBlocked: (index: number) => boolean;
  },
): { visible: boolean; items: StepBarItem[] } {
  const { current } = options;
  const visible = current > 0 && steps[current]?.name !== 'confirm';
  const slotsIndex = steps.findIndex((s) => s.name === 'slots');
  let nextIndex = -1;
  for (let i = current + 1; i < steps.length; i++) {
    if (!options.isBlocked(i)) {
      nextIndex = i;
      break;
    }
  }
  const items = steps.map((step, index): StepBarItem => {
    let state: StepBarState;
    if (index === current) state = 'current';
    else if (options.isBlocked(index)) state = 'blocked';
    else if (index < current) state = options.editing && index < slotsIndex ? 'locked' : 'done';
    else state = index === nextIndex && options.nextAllowed ? 'next' : 'disabled';
    return { name: step.name, number: index + 1, state, clickable: state === 'done' || state === 'next' };
  });
  return { visible, items };
}
