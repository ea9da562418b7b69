/**
 * What the cancel dialog proposes (docs/requirements/accounts-and-appointments.md §4 Booking details, cancel dialog): the target is the
 * appointment asked for — or the pack it belongs to — if it has not started; a booking of several
 * appointments (same consecutive_value) proposes all its future ones, sorted by start; a pack is one
 * choice that carries its included appointments. Nothing left to cancel: the aptAlreadyCanceled case.
 */

/** The fields of an appointment the plan needs. */
export interface CancellableAppointment {
  id: number;
  start: string;
  type: 'free' | 'first' | 'included';
  parent_id: number | null;
  consecutive_value: string | null;
}

/** One line of the dialog: a single appointment, or a pack's first appointment with its included ones. */
export interface CancelUnit<A extends CancellableAppointment = CancellableAppointment> {
  /** The appointment shown for the line (a pack's first one). */
  head: A;
  /** The pack's included appointments, by start. */
  included: A[];
  /** Every id the line cancels. */
  ids: number[];
}

export type CancelPlan<A extends CancellableAppointment = CancellableAppointment> =
  | { kind: 'none' }
  | { kind: 'single'; unit: CancelUnit<A> }
  | { kind: 'several'; units: CancelUnit<A>[] };

const byStart = <A extends CancellableAppointment>(a: A, b: A) =>
  new Date(a.start).getTime() - new Date(b.start).getTime() || a.id - b.id;

/** Builds the plan for cancelling `targetId` among `appointments` at `now`. */
export function planCancel<A extends CancellableAppointment>(
  appointments: readonly A[],
  targetId: number,
  now: Date,
): CancelPlan<A> {
  const byId = new Map(appointments.map((a) => [a.id, a]));
  let target = byId.get(targetId);
  if (target?.type === 'included' && target.parent_id !== null) target = byId.get(target.parent_id) ?? target;
  const future = (a: A) => new Date(a.start).getTime() > now.getTime();
  if (!target || !future(target)) return { kind: 'none' };

  const proposed = target.consecutive_value
    ? appointments.filter((a) => a.consecutive_value === target.consecutive_value && future(a))
    : appointments.filter((a) => a.id === target.id || (a.type === 'included' && a.parent_id === target.id));
  const sorted = [...proposed].sort(byStart);
  const heads = new Set(sorted.filter((a) => a.type === 'first').map((a) => a.id));
  const units: CancelUnit<A>[] = [];
  for (const appointment of sorted) {
    if (appointment.type === 'included' && appointment.parent_id !== null && heads.has(appointment.parent_id))
      continue;
    const included =
      appointment.type === 'first'
        ? sorted.filter((a) => a.type === 'included' && a.parent_id === appointment.id)
        : [];
    units.push({ head: appointment, included, ids: [appointment.id, ...included.map((a) => a.id)] });
  }
  if (units.length === 0) return { kind: 'none' };
  if (units.length === 1) return { kind: 'single', unit: units[0]! };
  return { kind: 'several', units };
}

/** The ids to send for the chosen lines (by head id), in the dialog's order. */
export function idsToCancel(units: readonly CancelUnit[], chosenHeads: ReadonlySet<number>): number[] {
  return units.filter((u) => chosenHeads.has(u.head.id)).flatMap((u) => u.ids);
}
