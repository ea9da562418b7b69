/** Loads the demo groups (demo/*.json) into an empty database, so `npm start` shows something real. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { importGroupConfig } from '../modules/group-config/group-config.service.ts';

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('groups').select('id').limit(1).executeTakeFirst();
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
