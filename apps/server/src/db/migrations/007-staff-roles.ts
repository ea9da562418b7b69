/**
 * The back office's roles (docs/decisions/013-staff-roles.md, docs/back-office.md):
 * - pro_groups.role: what a member may do in the group; existing professionals keep exactly the
 *   rights they had, those of the call centre;
 * - pro_groups.all_calendars: a staff member who works on every calendar rather than their own;
 * - staff_calendars: the calendars a staff member works on;
 * - appointments.attendance and staff_note: what the business records about a visit, never shown
 *   to the customer;
 * - schedule_exceptions.series and created_by: the occurrences of one recurring absence share a
 *   series, so they are removed together; who blocked the time.
 * Only additions, so the previous release runs unchanged on this schema.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table pro_groups
      add column role text not null default 'callcentre'
        check (role in ('owner', 'manager', 'staff', 'callcentre')),
      add column all_calendars boolean not null default false
  `.execute(db);
  await sql`
    create table staff_calendars (
      account_id integer not null,
      group_id integer not null,
      calendar_id integer not null references calendars(id) on delete cascade,
      primary key (account_id, group_id, calendar_id),
      foreign key (account_id, group_id) references pro_groups(account_id, group_id) on delete cascade
    )`.execute(db);
  await sql`
    alter table appointments
      add column attendance text check (attendance in ('arrived', 'no_show')),
      add column staff_note text
  `.execute(db);
  await sql`
    alter table schedule_exceptions
      add column series text,
      add column created_by integer references accounts(id) on delete set null
  `.execute(db);
  await sql`create index schedule_exceptions_series on schedule_exceptions (group_id, series) where series is not null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
