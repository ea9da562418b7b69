/**
 * The group's customers as the staff see them (docs/back-office.md "Customers"): a search by name,
 * e-mail or phone, one customer's file, and the person's rights over their data — a copy of
 * everything (right of access) and erasure on request, which keeps what the business's accounts
 * must keep.
 */
import type { Scope } from '../../app-context.ts';
import type { FicheRow } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import { listHistory } from '../appointments/appointment-history.ts';
import { searchFiches } from '../fiches/fiches.repository.ts';
import { SEARCH_LIMIT, SEARCH_MIN_LENGTH } from '../fiches/fiches.service.ts';
import { deleteDeliveriesAbout } from '../webhooks/webhooks.repository.ts';
import { presentAgendaAppointment } from './agenda-presenter.ts';
import * as repo from './backoffice.repository.ts';
import { requireRight } from './membership.service.ts';

type Stats = Awaited<ReturnType<typeof repo.customerStats>>[number];

function summary(fiche: FicheRow, stats: Stats | undefined) {
  return {
    fiche_id: fiche.id,
    firstname: fiche.firstname,
    lastname: fiche.lastname,
    email: fiche.email,
    phone: fiche.firstphone,
    upcoming: Number(stats?.upcoming ?? 0),
    past: Number(stats?.past ?? 0),
    no_shows: Number(stats?.no_shows ?? 0),
    last_visit: stats?.last_visit ? new Date(stats.last_visit).toISOString() : null,
  };
}

export async function searchCustomers(scope: Scope, query: string) {
  await requireRight(scope, 'customers.read');
  const { ctx, group, now } = scope;
  const text = query.trim();
  if ([...text].length < SEARCH_MIN_LENGTH)
    throw errors.badRequest('searchTooShort', { minLength: SEARCH_MIN_LENGTH });
  const fiches = await searchFiches(ctx.db, group.id, text, SEARCH_LIMIT);
  const stats = new Map(
    (
      await repo.customerStats(
        ctx.db,
        group.id,
        fiches.map((f) => f.id),
        now,
      )
    ).map((row) => [row.fiche_id, row]),
  );
  return fiches.map((fiche) => summary(fiche, stats.get(fiche.id)));
}

async function liveRecord(scope: Scope, ficheId: number) {
  const [record] = (await repo.findPersonRecords(scope.ctx.db, scope.group.id, ficheId)).filter(
    (fiche) => fiche.id === ficheId && !fiche.deleted,
  );
  if (!record) throw errors.notFound('ficheNotFound');
  return record;
}

export async function customerFile(scope: Scope, ficheId: number) {
  await requireRight(scope, 'customers.read');
  const { ctx, group, now } = scope;
  const record = await liveRecord(scope, ficheId);
  const [stats] = await repo.customerStats(ctx.db, group.id, [ficheId], now);
  const appointments = (
    await repo.listCustomerAppointments(ctx.db, group.id, group.settings.timezone, [ficheId])
  ).map(presentAgendaAppointment);
  const upcoming = appointments.filter((a) => new Date(a.starts_at) >= now);
  const past = appointments.filter((a) => new Date(a.starts_at) < now).reverse();
  return { customer: summary(record, stats), fields: record.fields, upcoming, past };
}

/** Everything the group holds about the person: their records, appointments and their history. */
export async function exportCustomer(scope: Scope, ficheId: number) {
  await requireRight(scope, 'customers.privacy');
  const { ctx, group, now } = scope;
  await liveRecord(scope, ficheId);
  const records = await repo.findPersonRecords(ctx.db, group.id, ficheId);
  const appointments = await repo.listCustomerAppointments(
    ctx.db,
    group.id,
    group.settings.timezone,
    records.map((r) => r.id),
  );
  return {
    exported_at: now.toISOString(),
    group: { name: group.name, urlname: group.urlname },
    records: await Promise.all(
      records.map(async (record) => ({
        id: record.id,
        firstname: record.firstname,
        lastname: record.lastname,
        email: record.email,
        phone: record.firstphone,
        fields: record.fields,
        marketing_optin: record.marketing_optin,
        marketing_sms: record.marketing_sms,
        created_at: new Date(record.created_at).toISOString(),
        appointments: await Promise.all(
          appointments
            .filter((a) => a.fiche_id === record.id)
            .map(async (a) => ({
              ...presentAgendaAppointment(a),
              history: (await listHistory(ctx.db, group.id, a.id)).map((h) => ({
                at: new Date(h.at).toISOString(),
                actor: h.actor,
                action: h.action,
              })),
            })),
        ),
      })),
    ),
  };
}

/**
 * Erasure on request: every record of the person in the group loses what identifies them, their
 * upcoming appointments are cancelled (without a mail: the address is what is being erased), and
 * their past appointments keep only date, service, calendar and price — what the business's
 * accounts must keep (docs/back-office.md "Customers").
 */
export async function eraseCustomer(scope: Scope, ficheId: number) {
  await requireRight(scope, 'customers.privacy');
  const { ctx, group, now } = scope;
  await liveRecord(scope, ficheId);
  return ctx.db.transaction().execute(async (trx) => {
    const records = await repo.findPersonRecords(trx, group.id, ficheId);
    const ids = records.map((r) => r.id);
    const cancelled = await trx
      .updateTable('appointments')
      .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
      .where('group_id', '=', group.id)
      .where('fiche_id', 'in', ids)
      .where('status', '=', 'confirmed')
      .where('starts_at', '>=', now)
      .returning('id')
      .execute();
    await trx
      .updateTable('appointments')
      .set({ comments: null, vevent: '{}', staff_note: null, updated_at: now })
      .where('group_id', '=', group.id)
      .where('fiche_id', 'in', ids)
      .execute();
    await trx
      .updateTable('fiches')
      .set({
        firstname: '—',
        lastname: '—',
        email: null,
        firstphone: null,
        email_key: null,
        phone_key: null,
        externid: null,
        fields: '{}',
        account_id: null,
        deleted: true,
        marketing_optin: false,
        marketing_sms: false,
        solocal_services_optin: false,
        updated_at: now,
      })
      .where('group_id', '=', group.id)
      .where('id', 'in', ids)
      .execute();
    // The webhook log holds copies of the person's name and contacts (docs/webhooks.md).
    await deleteDeliveriesAbout(trx, group.id, ids);
    return { erased_records: ids.length, cancelled_appointments: cancelled.length };
  });
}
