/**
 * The job queue (docs/jobs.md): scheduled and retried work — reminders, SMS, webhook deliveries —
 * as rows, so that it survives restarts and is shared by every server process. Only additions.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table jobs (
      id serial primary key,
      kind text not null,
      group_id integer references groups(id) on delete cascade,
      payload jsonb not null,
      once_key text,
      status text not null default 'pending',
      run_at timestamptz not null,
      attempts integer not null default 0,
      max_attempts integer not null,
      last_error text,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      constraint jobs_status check (status in ('pending', 'done', 'dead', 'cancelled'))
    )`.execute(db);
  // Enqueuing the same key twice is a no-op: a reminder is scheduled once however many processes try.
  await sql`create unique index jobs_once_key on jobs (once_key) where once_key is not null`.execute(db);
  await sql`create index jobs_due on jobs (run_at) where status = 'pending'`.execute(db);
  await sql`create index jobs_group_dead on jobs (group_id, finished_at) where status = 'dead'`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
