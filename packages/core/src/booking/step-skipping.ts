/**
 * Which steps of the built list are passed over while booking (docs/requirements/booking-flow.md §2, §4):
 * - a step with skip_uniq_choice whose option list holds exactly one option picks it and moves on;
 * - calendar and calendar-set steps are skipped when the chosen services are all skippable_agenda;
 * - the calendar-set step is skipped when no sets remain to choose from;
 * - the resource step is skipped when services are chosen and none of them needs a resource.
 */
import type { BookingStep } from './step-list.ts';

/** What the skip rules read about the chosen services. */
export interface ChosenService {
  skippable_agenda: boolean;
  need_resource: boolean;
}

export interface SkipContext {
  services: readonly ChosenService[];
  /** Calendar sets left to choose from, when known. */
  calendarsetCount?: number;
}

/** The option a step picks by itself: its only option when it has skip_uniq_choice, else null. */
export function autoPick<T>(step: Pick<BookingStep, 'skip_uniq_choice'>, options: readonly T[]): T | null {
  return step.skip_uniq_choice && options.length === 1 ? options[0]! : null;
}

/**
 * True when the step is passed over. With several services the agenda steps are skipped only when
 * every one of them is skippable_agenda: one service needing a chosen calendar is enough to ask.
 */
export function isStepSkipped(step: Pick<BookingStep, 'name'>, context: SkipContext): boolean {
  const chosen = context.services;
  switch (step.name) {
    case 'calendarset_id':
      if (context.calendarsetCount === 0) return true;
      return chosen.length > 0 && chosen.every((s) => s.skippable_agenda);
    case 'calendar_id':
      return chosen.length > 0 && chosen.every((s) => s.skippable_agenda);
    case 'resource_id':
      // Before any service is chosen (a sequence may ask for the resource first) nothing is known yet.
      return chosen.length > 0 && !chosen.some((s) => s.need_resource);
    default:
      return false;
  }
}

/** Index of the first step after `from` that is not skipped (the last step when all are). */
export function nextStepIndex(
  steps: readonly Pick<BookingStep, 'name'>[],
  from: number,
  context: SkipContext,
): number {
  for (let i = from + 1; i < steps.length; i++) {
    if (!isStepSkipped(steps[i]!, context)) return i;
  }
  return steps.length - 1;
}

/** Index of the last step before `from` that is not skipped (0 when none). */
export function previousStepIndex(
  steps: readonly Pick<BookingStep, 'name'>[],
  from: number,
  context: SkipContext,
): number {
  for (let i = from - 1; i >= 0; i--) {
    if (!isStepSkipped(steps[i]!, context)) return i;
  }
  return 0;
}
