/**
 * Who may see and act on an appointment (docs/requirements/accounts-and-appointments.md §4, §6): the customer whose account owns the fiche,
 * a fiche or guest session for that fiche, or a professional of the group. A session opened from an
 * e-mail link for one cancel or export reaches only that appointment's booking.
 */
import type { Scope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { linkAllows } from '../sessions/link-scope.ts';
import type { Viewer } from '../sessions/viewer.ts';
import type { DetailedAppointment } from './appointments.repository.ts';

export function isGroupPro(viewer: Viewer, groupId: number): boolean {
  return viewer.type === 'pro' && viewer.proGroupIds.includes(groupId);
}

/** True when the viewer may see this appointment (scope aside). */
export function ownsAppointment(viewer: Viewer, row: DetailedAppointment): boolean {
  if (isGroupPro(viewer, row.group_id)) return true;
  if (viewer.type === 'user')
    return row.fiche_account_id !== null && row.fiche_account_id === viewer.accountId;
  if (viewer.type === 'fiche' || viewer.type === 'guest')
    return viewer.groupId === row.group_id && viewer.ficheId === row.fiche_id;
  return false;
}

/** What is asked of which appointments, and — for a link session — the booking its link was sent for. */
export interface AccessRequest {
  rows: readonly DetailedAppointment[];
  action: 'view' | 'cancel' | 'export' | 'edit';
  scopeBooking?: readonly DetailedAppointment[];
}

/**
 * Keeps only appointments the viewer may act on with `action`, refusing outright when any is out of
 * reach (a 404 that does not reveal whether someone else's appointment exists).
 */
export function requireAccess(
  { group, viewer }: Pick<Scope, 'group' | 'viewer'>,
  { rows, action, scopeBooking = [] }: AccessRequest,
): void {
  if (viewer.type === 'anonymous') throw errors.expiredConnection();
  for (const row of rows) {
    if (row.group_id !== group.id || !ownsAppointment(viewer, row))
      throw errors.notFound('appointmentNotFound');
  }
  if (!viewer.scope) return;
  // A link session: only its link's actions, only on the booking of the appointment it was sent for.
  if (!linkAllows(viewer.scope.action, action)) throw errors.forbidden('linkScope');
  const reachable = new Set([viewer.scope.appointmentId, ...scopeBooking.map((r) => r.id)]);
  if (rows.some((row) => !reachable.has(row.id))) throw errors.forbidden('linkScope');
}
