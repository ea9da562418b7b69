/**
 * npm run group -- import FILE.json   upsert a group by urlname (all or nothing)
 * npm run group -- export URLNAME…     print a group's configuration as JSON (several: an array)
 * npm run group -- schema              print the JSON Schema of the configuration format
 * npm run group -- move URLNAME SHARD  move a group to another shard (docs/operations.md "Sharding")
 * npm run group -- rename URLNAME NEW  change a group's url name, on its shard and in the directory
 *
 * On a sharded deployment (SHARDS), a new group goes to the least loaded shard and an existing one
 * is read and written on its own.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { groupConfigSchema } from '@creneau/core/group-config/group-config.schema';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { readConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import {
  exportGroupConfig,
  GroupConfigError,
  importGroupConfig,
} from '../modules/group-config/group-config.service.ts';
import { openConfiguredDatabase } from '../server.ts';
import { GroupMoveError, moveGroup } from '../sharding/group-move.ts';
import { GroupRenameError, renameGroup } from '../sharding/group-rename.ts';
import { registerGroup, ShardDirectory } from '../sharding/shard-directory.ts';
import { DIRECTORY_SHARD, openShards, type ShardSet } from '../sharding/shard-set.ts';

const USAGE =
  'usage: npm run group -- import FILE.json | export URLNAME… | schema | move URLNAME SHARD | rename URLNAME NEW';
const COMMANDS = new Set(['import', 'export', 'move', 'rename']);

/** The JSON Schema of the group configuration format (docs/group-config.schema.json). */
export function groupConfigJsonSchema() {
  return z.toJSONSchema(groupConfigSchema, { io: 'input', unrepresentable: 'any' });
}

async function run(args: string[]): Promise<number> {
  const [command, argument] = args;
  if (command === 'schema') {
    process.stdout.write(`${JSON.stringify(groupConfigJsonSchema(), null, 2)}\n`);
    return 0;
  }
  if (!command || !COMMANDS.has(command) || !argument) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let document: unknown;
  if (command === 'import') {
    // npm runs scripts from the package folder; a relative path means the operator's folder.
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), argument);
    try {
      document = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      process.stderr.write(`cannot read ${argument}: ${(error as Error).message}\n`);
      return 1;
    }
  }
  let database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  let shards: ShardSet | undefined;
  const config = readConfig();
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
  try {
    if (Object.keys(config.shards).length > 0) shards = await openShards(database, config.shards);
    if (command === 'move') {
      const to = args[2];
      if (!shards || !to) {
        process.stderr.write(shards ? `${USAGE}\n` : 'moving a group needs SHARDS\n');
        return 2;
      }
      const dbs = new Map([...shards.handles].map(([name, handle]) => [name, handle.db]));
      await moveGroup(database.db, dbs, argument, to, {
        graceMs: Number(process.env.MOVE_GRACE_MS ?? 5_000),
        log: (line) => process.stdout.write(`${line}\n`),
      });
      return 0;
    }
    const viewFor = async (subject: unknown) =>
      shards ? shardViewFor(shards, database.db, subject) : { shard: DIRECTORY_SHARD, view: database.db };
    if (command === 'export') return await exportGroups(args.slice(1), viewFor);
    const db = await viewFor(command === 'import' ? document : argument);
    if (command === 'rename') {
      const to = args[2];
      if (!to) {
        process.stderr.write(`${USAGE}\n`);
        return 2;
      }
      const { groupId } = await renameGroup(db.view, argument, to);
      process.stdout.write(`group ${groupId} renamed ${argument} → ${to} (shard ${db.shard})\n`);
      return 0;
    }
    if (command === 'import') {
      const result = await importGroupConfig(db.view, document);
      if (shards && result.created)
        await registerGroup(db.view, { groupId: result.id, urlname: result.urlname, shard: db.shard });
      process.stdout.write(
        `${result.created ? 'created' : 'updated'} group ${result.urlname} (id ${result.id})\n`,
      );
      return 0;
    }
    throw new Error(`unknown command ${command}`);
  } catch (error) {
    if (
      error instanceof GroupConfigError ||
      error instanceof GroupMoveError ||
      error instanceof GroupRenameError
    ) {
      process.stderr.write(`${error.message}\nnothing was changed\n`);
      return 1;
    }
    throw error;
  } finally {
    await shards?.close();
    await database.close();
  }
}

/**
 * Prints the configuration of one group, or an array of several, each read on its own shard. An
 * unknown url name prints nothing: a partial export would pass for a whole one.
 */
async function exportGroups(
  urlnames: string[],
  viewFor: (urlname: string) => Promise<{ view: Kysely<Database> }>,
): Promise<number> {
  const exported = [];
  for (const urlname of urlnames) {
    const document = await exportGroupConfig((await viewFor(urlname)).view, urlname);
    if (!document) {
      process.stderr.write(`no group with url name "${urlname}"\n`);
      return 1;
    }
    exported.push(document);
  }
  process.stdout.write(`${JSON.stringify(exported.length === 1 ? exported[0] : exported, null, 2)}\n`);
  return 0;
}

/** The shard a group's configuration is read or written on: its own, or the least loaded for a new one. */
async function shardViewFor(shards: ShardSet, directoryDb: Kysely<Database>, subject: unknown) {
  const urlname =
    typeof subject === 'string' ? subject : String((subject as { urlname?: unknown } | null)?.urlname ?? '');
  const directory = new ShardDirectory(directoryDb, shards.router.names);
  const shard = (await directory.entryByUrlname(urlname))?.shard ?? (await directory.leastLoaded());
  return { shard, view: shards.router.view(shard) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await run(process.argv.slice(2));
}

export { run as runGroupCli };
