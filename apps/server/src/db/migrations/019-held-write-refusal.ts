/**
 * A function that refuses a write held for the end of a transaction (db/write-batch.ts): when the
 * transaction's COMMIT travels with that last statement, a refusal must stop the statement inside
 * PostgreSQL, before the COMMIT runs, and say which write and which row (the server makes the
 * customer's answer from them). Only a function: the previous release keeps working against it.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function refuse_held_write(write integer, row_values jsonb) returns boolean
    language plpgsql as $$
    begin
      raise exception 'held write % refused', write
        using errcode = 'CR001', detail = row_values::text, hint = write::text;
    end $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('irreversible');
}
