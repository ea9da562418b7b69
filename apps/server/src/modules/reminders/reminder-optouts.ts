/**
 * Who wants which reminders (docs/reminders.md "Stopping them"). A person may have several records
 * at a group — each booking without an account can type the details anew — so a stop holds for
 * every record of the group with the same address (e-mail) or number (text), found by the records'
 * person keys; resuming lifts it on all of them.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Channel = 'email' | 'sms';

const columnOf = { email: 'reminders_email', sms: 'reminders_sms' } as const;
const keyOf = { email: 'email_key', sms: 'phone_key' } as const;

/** Sets the channel on the record and every record of the group sharing its key; false if the record is gone. */
export async function setRemindersOf(
  db: Db,
  ids: { groupId: number; ficheId: number },
  channel: Channel,
  wanted: boolean,
): Promise<boolean> {
  const key = keyOf[channel];
  const result = await db
    .updateTable('fiches')
    .set({ [columnOf[channel]]: wanted })
    .where('group_id', '=', ids.groupId)
    .where((eb) =>
      eb.or([
        eb('id', '=', ids.ficheId),
        eb(
          key,
          '=',
          eb
            .selectFrom('fiches as own')
            .select(`own.${key}`)
            .where('own.id', '=', ids.ficheId)
            .where('own.group_id', '=', ids.groupId)
            .where('own.deleted', '=', false),
        ),
      ]),
    )
    .where(
      sql<boolean>`exists (select 1 from fiches own where own.id = ${ids.ficheId} and own.group_id = ${ids.groupId} and not own.deleted)`,
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether the record's person still takes reminders by e-mail and by text (undefined: no such record). */
export async function remindersWanted(db: Db, groupId: number, ficheId: number) {
  const own = await db
    .selectFrom('fiches')
    .select(['email_key', 'phone_key'])
    .where('id', '=', ficheId)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  if (!own) return undefined;
  const stopped = (channel: Channel, key: string | null) =>
    db
      .selectFrom('fiches')
      .select('id')
      .where('group_id', '=', groupId)
      .where(columnOf[channel], '=', false)
      .where((eb) =>
        key === null ? eb('id', '=', ficheId) : eb.or([eb('id', '=', ficheId), eb(keyOf[channel], '=', key)]),
      )
      .limit(1)
      .executeTakeFirst();
  const [noMail, noText] = await Promise.all([
    stopped('email', own.email_key),
    stopped('sms', own.phone_key),
  ]);
  return { email: !noMail, sms: !noText };
}
