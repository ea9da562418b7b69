/**
 * The booking flow as the step pages use it: the group's steps, the stored selection and sequence,
 * who is booking, and the moves — a choice on a step (then the next step), going back, adding,
 * replacing, removing and reordering appointments. The rules are the pure reducers of sequence.ts;
 * this binds them to the store, the catalogue and the router (the path follows the step name).
 */
import type { StartContext } from '@creneau/core/booking/selection';
import { maxServicesPerBooking } from '@creneau/core/booking/step-list';
import { localDateIn } from '@creneau/core/time/time-zone';
import type { Role } from '@creneau/core/validation/hidden-fields';
import { useCallback, useMemo } from 'react';
import type { Intervention } from '../../api/interventions.ts';
import { groupPath } from '../../app/paths.ts';
import { useParsedQuery } from '../../app/query.ts';
import { isLogged } from '../../app/startup/access.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { useLocation, useNavigate } from '../../routing/routing.ts';
import { setFlow, useBookingStore } from './booking-store.ts';
import { appointmentGroups, chosenFacts } from './catalogue-filters.ts';
import {
  type ChoiceResult,
  choose,
  type FlowState,
  goBack,
  type PassContext,
  type PendingChange,
  removeAppointment,
  reorderAppointments,
  startChange,
} from './sequence.ts';

/** Who fills the booking: nobody logged in, a customer, or a professional. */
export function roleOf(session: { logged: boolean; type: 'user' | 'pro' | null }): Role {
  if (!isLogged(session as Parameters<typeof isLogged>[0])) return 'anonymous';
  return session.type === 'pro' ? 'pro' : 'user';
}

/** Parameters that start something once (use-one-shot-params.ts) and are not carried further. */
export const ONE_SHOT_PARAMS = ['update_apt', 'take_apt'] as const;

export function useBooking() {
  const { group, session, steps, preselection, locale } = useGroupContext();
  const { params } = useParsedQuery(group.timezone);
  const navigate = useNavigate();
  const { search } = useLocation();
  const selection = useBookingStore((s) => s.selection);
  const itemCalendars = useBookingStore((s) => s.itemCalendars);
  const sequence = useBookingStore((s) => s.sequence);
  const logged = isLogged(session);
  const role = roleOf(session);
  const max = maxServicesPerBooking(group, params.max_multirdvs);
  const merge = group.merge_interventions || group.profile?.merge_interventions;

  const startContext = useMemo<StartContext>(
    () => ({ today: localDateIn(new Date(), group.timezone), queryDate: params.date?.date ?? null }),
    [group.timezone, params.date?.date],
  );

  const flow = useCallback((): FlowState => {
    const s = useBookingStore.getState();
    return { selection: s.selection, itemCalendars: s.itemCalendars, sequence: s.sequence };
  }, []);

  /**
   * The path of a step, keeping the query string — except the one-shot parameters (update_apt,
   * take_apt), which are acted on once where they land.
   */
  const stepLink = useCallback(
    (index: number) => {
      const query = new URLSearchParams(search);
      for (const name of ONE_SHOT_PARAMS) query.delete(name);
      const rest = query.toString();
      return {
        pathname: groupPath(group.urlname, `book/${steps[index]?.name ?? ''}`),
        search: rest ? `?${rest}` : '',
      };
    },
    [group.urlname, steps, search],
  );

  const go = useCallback(
    (index: number, options: { replace?: boolean } = {}) => {
      // freeze: the first step reloads the page, as a fresh start for the embedding site.
      if (index === 0 && params.freeze && sequence.current > 0 && !options.replace) {
        const target = stepLink(0);
        window.location.assign(`${target.pathname}${target.search}`);
        return;
      }
      navigate(stepLink(index), { replace: options.replace ?? false });
    },
    [navigate, stepLink, params.freeze, sequence.current],
  );

  const passContext = useCallback(
    (state: FlowState, catalogue: readonly Intervention[], calendarsetCount?: number): PassContext => ({
      services: chosenFacts(state.selection.intervention_ids, catalogue),
      calendarsetCount,
      logged,
    }),
    [logged],
  );

  const apply = useCallback(
    (result: ChoiceResult, options: { replace?: boolean } = {}) => {
      setFlow(result.state);
      go(result.next, options);
    },
    [go],
  );

  /**
   * A choice on the step named `name`; `catalogue` gives the chosen services' facts that decide
   * which later steps are passed over. `auto`: picked by itself (unique choice).
   */
  const choice = useCallback(
    (
      name: string,
      change: (state: FlowState) => Pick<FlowState, 'selection'> & Partial<Pick<FlowState, 'itemCalendars'>>,
      catalogue: readonly Intervention[],
      options: { auto?: boolean; calendarsetCount?: number } = {},
    ) => {
      const index = steps.findIndex((s) => s.name === name);
      if (index === -1) return;
      const current = flow();
      const changed = { ...current, ...change(current) };
      const result = choose(
        current,
        steps,
        index,
        () => changed,
        passContext(changed, catalogue, options.calendarsetCount),
        { auto: options.auto ?? false },
      );
      apply(result, { replace: options.auto ?? false });
    },
    [steps, flow, passContext, apply],
  );

  /** Back to an earlier step (step bar, "change" links). */
  const back = useCallback(
    (index: number) => {
      setFlow(goBack(flow(), steps, index));
      go(index);
    },
    [flow, steps, go],
  );

  /** The summary's "add another appointment" and "replace". */
  const change = useCallback(
    (pending: PendingChange) => apply(startChange(flow(), steps, pending)),
    [flow, steps, apply],
  );

  const slotsIndex = steps.findIndex((s) => s.name === 'slots');

  const remove = useCallback(
    (ids: readonly number[]) => {
      const next = removeAppointment(flow(), steps, ids);
      setFlow(next);
      if (next.sequence.current < sequence.current) go(next.sequence.current);
    },
    [flow, steps, go, sequence.current],
  );

  const reorder = useCallback(
    (groups: readonly (readonly number[])[], from: number, to: number) => {
      const next = reorderAppointments(flow(), steps, groups, from, to);
      setFlow(next);
      if (next.sequence.current < sequence.current) go(next.sequence.current);
    },
    [flow, steps, go, sequence.current],
  );

  return {
    group,
    session,
    steps,
    preselection,
    locale,
    params,
    selection,
    itemCalendars,
    sequence,
    logged,
    role,
    pro: role === 'pro',
    max,
    merge,
    startContext,
    slotsIndex,
    flow,
    go,
    stepLink,
    choice,
    back,
    change,
    remove,
    reorder,
    groupsOf: (catalogue: readonly Intervention[]) =>
      appointmentGroups(selection.intervention_ids, catalogue, merge),
  };
}

export type Booking = ReturnType<typeof useBooking>;
