/**
 * Which page of the app a group's address will most likely show, guessed on the server from the
 * address and the group's settings alone (no catalogue read), so the first HTML can ask for that
 * page's code and main image at once (docs/web-app.md "First paint"). The app decides for itself
 * afterwards (app/startup/entry.ts); a wrong guess costs one unused download, never a wrong page.
 */
import { buildStepList, type StepListGroup } from '@creneau/core/booking/step-list';
import { fixedSteps } from '@creneau/core/url/preselection';
import { PRESELECTION_NAMES, type Preselection } from '@creneau/core/url/query-params';

/**
 * `summary`: a service is already chosen when the step shows, so the booking summary (its own
 * chunk, loaded once the step draws) is drawn beside it.
 */
export type PlannedPage = { kind: 'home' } | { kind: 'step'; step: string; summary: boolean };

export interface PlanGroup extends Pick<StepListGroup, 'user_sequence_config' | 'steps_init'> {
  has_minisite: boolean;
}

/** Parameters that send the entry address to booking (or the appointments list) instead of home. */
const NOT_HOME = ['take_apt', 'list_rdv', 'cancel_apt', 'export_apt'];

const STEP_NAME = /^[a-z_]{1,40}$/;

/**
 * The page for the path segments after /{urlname} and the query. Unknown catalogue counts are taken
 * as none: the steps they would add (category or place sets) are in most groups' sequence anyway.
 */
export function plannedPage(
  rest: readonly string[],
  query: URLSearchParams,
  group: PlanGroup,
): PlannedPage | null {
  if (rest.length === 1 && rest[0] === 'home') {
    if (group.has_minisite) return { kind: 'home' };
    // No mini-site: the app sends the visitor on to the first booking step at once, without the
    // home page's chunk (docs/web-app.md "First paint").
    return plannedPage([], new URLSearchParams({ take_apt: '1', ...Object.fromEntries(query) }), group);
  }
  const catalogue = { public_interventionsets: 0, public_calendarsets: 0, resource_count: 0 };
  if (rest.length === 2 && rest[0] === 'book' && STEP_NAME.test(rest[1]!)) {
    const step = rest[1]!;
    // A step the sequence puts after the services step: the services are chosen by then.
    const names = buildStepList({ ...group, ...catalogue }, new Set()).map((s) => s.name as string);
    const serviceIndex = names.indexOf('intervention_ids');
    const summary = step !== 'confirm' && serviceIndex !== -1 && names.indexOf(step) > serviceIndex;
    return { kind: 'step', step, summary };
  }
  if (rest.length > 0) return null;
  const preselection: Preselection = {};
  for (const name of PRESELECTION_NAMES) {
    if (query.get(name)) preselection[name] = { by: 'none' };
  }
  const preselected = Object.keys(preselection).length > 0;
  if (group.has_minisite && !preselected && !NOT_HOME.some((name) => query.get(name)))
    return { kind: 'home' };
  const fixed = fixedSteps(preselection);
  const steps = buildStepList({ ...group, ...catalogue }, fixed);
  const first = steps[0]?.name;
  return first ? { kind: 'step', step: first, summary: fixed.has('intervention_ids') } : null;
}
