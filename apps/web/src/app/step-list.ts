/**
 * The booking step list at start-up (docs/requirements/booking-flow.md §2 "Building the step list"): the rules are in
 * @creneau/core/booking/step-list; this only feeds it the group and the preselection.
 */
import { type BookingStep, buildStepList } from '@creneau/core/booking/step-list';
import { fixedSteps } from '@creneau/core/url/preselection';
import type { Preselection } from '@creneau/core/url/query-params';
import type { Group } from '../api/group.ts';

/** The steps of a visit, given the verified preselection. */
export function buildSteps(group: Group, preselection: Preselection): BookingStep[] {
  return buildStepList(group, fixedSteps(preselection));
}
