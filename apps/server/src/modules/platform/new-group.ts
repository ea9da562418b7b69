/**
 * What sign-up and the platform share when they create a business: the field checks, and the
 * import that only creates (docs/back-office.md "Sign-up and platform").
 */
import {
  checkNewBusiness,
  type NewBusinessInput,
  newBusinessDocument,
  type Problems,
} from '@creneau/core/group-config/new-business';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { ConfigVersionSource, Database } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import { registerGroup } from '../../sharding/shard-directory.ts';
import {
  GroupConfigError,
  importGroupConfigIn,
  UrlnameTakenError,
} from '../group-config/group-config.service.ts';

/** The business's problems, their paths under `business.`. */
export function businessProblems(business: NewBusinessInput): Problems {
  return Object.fromEntries(
    Object.entries(checkNewBusiness(business)).map(([path, keys]) => [`business.${path}`, keys]),
  );
}

/** 422 with every problem by field, when there is any. */
export function refuseProblems(problems: Problems): void {
  if (Object.keys(problems).length > 0) throw errors.unprocessable('invalidSignup', { problems });
}

export const urlnameTaken = () =>
  errors.conflict('urlnameTaken', { problems: { 'business.urlname': ['urlnameTaken'] } });

/**
 * Whether some group already has the url name (the insert decides races; this answers early). The
 * shard directory knows every group's url name, on every shard (docs/operations.md "Sharding").
 */
export async function isUrlnameTaken(db: Kysely<Database>, urlname: string) {
  return Boolean(
    await db
      .selectFrom('shard_directory')
      .select('group_id')
      .where('urlname', '=', urlname)
      .executeTakeFirst(),
  );
}

/**
 * Where a new group is written: on a sharded deployment the least loaded shard's view, on which
 * `register` then records it in the directory; on one database, the database (a trigger records it).
 */
export async function placeNewGroup(ctx: AppContext) {
  const shards = ctx.shards;
  if (!shards) return { db: ctx.db, register: async () => {} };
  const shard = await shards.directory.leastLoaded();
  return {
    db: shards.router.view(shard),
    register: (trx: Kysely<Database>, group: { id: number; urlname: string }) =>
      registerGroup(trx, { groupId: group.id, urlname: group.urlname, shard }),
  };
}

/** Creates the group in the caller's transaction, its first version by `authorAccountId`. */
export async function createGroup(
  trx: Transaction<Database>,
  business: NewBusinessInput,
  options: { calendarName: string; source: ConfigVersionSource; authorAccountId: number; now: Date },
) {
  try {
    return await importGroupConfigIn(trx, newBusinessDocument(business, options.calendarName), {
      createOnly: true,
      source: options.source,
      authorAccountId: options.authorAccountId,
      now: options.now,
    });
  } catch (error) {
    if (error instanceof UrlnameTakenError) throw urlnameTaken();
    // The checks above mirror the import's rules; a difference is a bug, shown as what it is.
    if (error instanceof GroupConfigError)
      throw errors.unprocessable('invalidSignup', { problems: { business: error.problems } });
    throw error;
  }
}
