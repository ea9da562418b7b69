/**
 * Webhooks (docs/webhooks.md): a group's endpoints and the log of what was sent to them. Each
 * delivery is sent by a job of the queue (docs/jobs.md). Only additions.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhook_endpoints (
      id serial primary key,
      group_id integer not null references groups(id) on delete cascade,
      url text not null,
      events jsonb not null,
      secret text not null,
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index webhook_endpoints_group on webhook_endpoints (group_id)`.execute(db);
  await sql`
    create table webhook_deliveries (
      id serial primary key,
      group_id integer not null references groups(id) on delete cascade,
      endpoint_id integer not null references webhook_endpoints(id) on delete cascade,
      event_id text not null unique,
      event_type text not null,
      payload jsonb not null,
      status text not null default 'pending',
      attempts integer not null default 0,
      last_status_code integer,
      last_error text,
      created_at timestamptz not null default now(),
      delivered_at timestamptz,
      constraint webhook_deliveries_status check (status in ('pending', 'delivered', 'failed'))
    )`.execute(db);
  await sql`create index webhook_deliveries_group on webhook_deliveries (group_id, id desc)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
