/**
 * Who at the business is mailed about bookings (docs/back-office.md "Notices to the business"): a
 * part of the group's settings that its owner may change from the back office.
 */
import { normalizeEmail } from '@creneau/core/validation/email';
import type { Scope } from '../../app-context.ts';
import * as repo from './backoffice.repository.ts';
import { requireRight } from './membership.service.ts';

type Event = 'created' | 'changed' | 'cancelled';

export async function readNotifications(scope: Scope) {
  await requireRight(scope, 'notifications.manage');
  const { emails, events } = scope.group.settings.notifications;
  return { emails: [...emails], events: [...events] };
}

export async function setNotifications(
  scope: Scope,
  value: { emails: readonly string[]; events: readonly Event[] },
) {
  await requireRight(scope, 'notifications.manage');
  const next = {
    emails: [...new Set(value.emails.map(normalizeEmail))],
    events: (['created', 'changed', 'cancelled'] as const).filter((event) => value.events.includes(event)),
  };
  await repo.updateNotifications(scope.ctx.db, scope.group.id, next, scope.now);
  return next;
}
