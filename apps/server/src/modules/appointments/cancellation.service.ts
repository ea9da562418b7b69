import type { Scope } from '../../app-context.ts';
import { DomainError, type FailureKind } from '../../errors/domain-error.ts';
import { enqueueWaitlistScan, freedBy } from '../freed-time/freed-time.ts';
import { emitAppointmentEvent } from '../webhooks/webhook-events.ts';
import { requireAccess } from './appointment-access.ts';
import { recordHistory } from './appointment-history.ts';
import * as repo from './appointments.repository.ts';
import { presentWithIncluded, scopeBooking } from './appointments-read.service.ts';
import { sendCancellationMail } from './booking-mails.ts';
import { refuseCancel } from './booking-rules.ts';
import { noticeToBusiness } from './business-mails.ts';

export { MINTIME_ERROR_CODE } from './booking-rules.ts';

function cancelError(kind: FailureKind, key: string, phone?: string | null) {
  return new DomainError(kind, key, { listed: {}, details: phone !== undefined ? { phone } : {} });
}

export interface CancelOptions {
  /** Why, as the staff wrote it: kept in the appointment's history. */
  reason?: string | undefined;
  /** The staff may cancel without telling the customer (a duplicate, a test); customers always are. */
  notifyCustomer?: boolean | undefined;
}

export async function cancelAppointments(scope: Scope, ids: readonly number[], options: CancelOptions = {}) {
  const { ctx, group, viewer } = scope;
  const settings = group.settings;
  const linkBooking = await scopeBooking(ctx, group, viewer);
  return ctx.db.transaction().execute(async (trx) => {
    const asked = await repo.findDetailed(trx, group.id, ids);
    if (asked.length !== new Set(ids).size) throw cancelError('notFound', 'appointmentNotFound');
    // A pack goes as a whole: its first item and every included one.
    const packHeads = new Set(
      asked
        .map((row) => (row.type === 'included' ? row.parent_id : row.type === 'first' ? row.id : null))
        .filter((id): id is number => id !== null),
    );
    const related = new Set<number>(ids);
    for (const row of asked) {
      if (row.consecutive_value && packHeads.size > 0) {
        for (const other of await repo.findConsecutive(trx, group.id, row.consecutive_value)) {
          if (packHeads.has(other.id) || (other.parent_id !== null && packHeads.has(other.parent_id)))
            related.add(other.id);
        }
      }
    }
    await repo.lockAppointments(trx, group.id, [...related]);
    const rows = await repo.findDetailed(trx, group.id, [...related]);
    requireAccess(scope, { rows, action: 'cancel', scopeBooking: linkBooking });

    const live = rows.filter((row) => row.status === 'confirmed');
    if (live.length === 0) throw cancelError('conflict', 'aptAlreadyCanceled', settings.phone ?? null);
    refuseCancel(
      scope,
      live.map((row) => row.starts_at),
    );
    const cancelled = await repo.cancelAppointments(
      trx,
      group.id,
      live.map((r) => r.id),
      ctx.now(),
    );
    // Under the lock this cannot be empty; kept so that a caller is never told it cancelled nothing.
    if (cancelled.length === 0) throw cancelError('conflict', 'aptAlreadyCanceled', settings.phone ?? null);
    const done = await repo.findDetailed(trx, group.id, cancelled);
    await recordHistory(trx, {
      groupId: group.id,
      appointmentIds: cancelled,
      viewer,
      action: 'cancelled',
      at: ctx.now(),
      details: {
        ...(options.reason ? { reason: options.reason } : {}),
        ...(options.notifyCustomer === false ? { customer_told: false } : {}),
      },
    });
    if (options.notifyCustomer !== false) await sendCancellationMail(scope, trx, done);
    await noticeToBusiness(scope, trx, { rows: done, event: 'cancelled' });
    await emitAppointmentEvent(scope, trx, { rows: done, event: 'cancelled' });
    // Someone on the waiting list may want the time this frees (docs/waitlist.md).
    await enqueueWaitlistScan(trx, group.id, ctx.now(), freedBy(done, settings.timezone));
    return { records: presentWithIncluded(done, ctx), message: 'appointmentCanceled' };
  });
}
