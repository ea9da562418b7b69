/**
 * Loads the demo groups (demo/*.json) into an empty deployment, so `npm start` shows something real.
 * On a sharded deployment they go to the directory's shard `main` (docs/operations.md "Sharding").
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { personKeys } from '@creneau/core/booking/person-identity';
import type { Kysely } from 'kysely';
import type { Database, StaffRole } from '../db/database.ts';
import { insertAccount } from '../modules/accounts/accounts.repository.ts';
import { hashPassword } from '../modules/accounts/password-hashing.ts';
import { importGroupConfig } from '../modules/group-config/group-config.service.ts';

/**
 * Whether the deployment has no group yet. Asked of the directory, which lists the groups of every
 * shard (its own too, by migration 018's trigger): on a sharded deployment whose groups all live on
 * other shards, the directory's own `groups` table is empty, and the demo must not load again.
 */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('shard_directory').select('group_id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Imports every demo group file; returns the url names loaded. */
export async function loadDemoGroups(db: Kysely<Database>, demoDir: string): Promise<string[]> {
  const files = (await readdir(path.join(demoDir, 'groups'))).filter((f) => f.endsWith('.json')).sort();
  const loaded: string[] = [];
  for (const file of files) {
    const document = JSON.parse(await readFile(path.join(demoDir, 'groups', file), 'utf8'));
    const result = await importGroupConfig(db, document);
    loaded.push(result.urlname);
  }
  return loaded;
}

interface DemoAccount {
  email: string;
  password: string;
  role: 'user' | 'pro';
  name?: string;
  groups?: string[];
  /** The role in each group (docs/back-office.md "Roles"); the call centre's by default. */
  roles?: Record<string, StaffRole>;
  /** For staff members: the calendars (by externid) they work on, per group. */
  calendars?: Record<string, string[]>;
  fiches?: Record<string, { firstname: string; lastname: string; email?: string; firstphone?: string }[]>;
}

/** Creates the demo logins of demo/accounts.json (active, with their fiches and pro groups). */
export async function loadDemoAccounts(db: Kysely<Database>, demoDir: string): Promise<number> {
  let document: { accounts: DemoAccount[] };
  try {
    document = JSON.parse(await readFile(path.join(demoDir, 'accounts.json'), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const rows = await db.selectFrom('groups').select(['id', 'urlname', 'settings']).execute();
  const groups = new Map(rows.map((g) => [g.urlname, g.id]));
  const countries = new Map(
    rows.map((g) => [g.id, String((g.settings as { country?: unknown }).country ?? 'FR')]),
  );
  const groupId = (urlname: string) => {
    const id = groups.get(urlname);
    if (!id) throw new Error(`demo/accounts.json names unknown group "${urlname}"`);
    return id;
  };
  await db.transaction().execute(async (trx) => {
    for (const account of document.accounts) {
      const accountId = await insertAccount(trx, {
        email: account.email.toLowerCase(),
        passwordHash: await hashPassword(account.password),
        role: account.role,
        status: 'active',
        name: account.name ?? null,
        originGroupId: null,
      });
      for (const urlname of account.groups ?? []) {
        await trx
          .insertInto('pro_groups')
          .values({
            account_id: accountId,
            group_id: groupId(urlname),
            role: account.roles?.[urlname] ?? 'callcentre',
          })
          .execute();
        const externids = account.calendars?.[urlname] ?? [];
        if (externids.length === 0) continue;
        const calendars = await trx
          .selectFrom('calendars')
          .select('id')
          .where('group_id', '=', groupId(urlname))
          .where('externid', 'in', externids)
          .execute();
        if (calendars.length !== externids.length)
          throw new Error(`demo/accounts.json: ${account.email} names an unknown calendar of "${urlname}"`);
        await trx
          .insertInto('staff_calendars')
          .values(
            calendars.map((c) => ({ account_id: accountId, group_id: groupId(urlname), calendar_id: c.id })),
          )
          .execute();
      }
      for (const [urlname, fiches] of Object.entries(account.fiches ?? {})) {
        for (const fiche of fiches) {
          const email = fiche.email ?? account.email.toLowerCase();
          const firstphone = fiche.firstphone ?? null;
          const keys = personKeys({ email, firstphone }, countries.get(groupId(urlname)) ?? 'FR');
          await trx
            .insertInto('fiches')
            .values({
              group_id: groupId(urlname),
              account_id: account.role === 'user' ? accountId : null,
              firstname: fiche.firstname,
              lastname: fiche.lastname,
              email,
              firstphone,
              email_key: keys.emailKey,
              phone_key: keys.phoneKey,
              fields: '{}',
            })
            .execute();
        }
      }
    }
  });
  return document.accounts.length;
}
