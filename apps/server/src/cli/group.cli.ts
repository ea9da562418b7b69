/**
 * npm run group -- import FILE.json   upsert a group by urlname (all or nothing)
 * npm run group -- export URLNAME      print a group's configuration as JSON
 * npm run group -- schema              print the JSON Schema of the configuration format
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { groupConfigSchema } from '@creneau/core/group-config/group-config.schema';
import { z } from 'zod';
import { readConfig } from '../config.ts';
import {
  exportGroupConfig,
  GroupConfigError,
  importGroupConfig,
} from '../modules/group-config/group-config.service.ts';
import { openConfiguredDatabase } from '../server.ts';

const USAGE = 'usage: npm run group -- import FILE.json | export URLNAME | schema';

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
  if ((command !== 'import' && command !== 'export') || !argument) {
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
  try {
    database = await openConfiguredDatabase(readConfig());
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
  try {
    if (command === 'import') {
      const result = await importGroupConfig(database.db, document);
      process.stdout.write(
        `${result.created ? 'created' : 'updated'} group ${result.urlname} (id ${result.id})\n`,
      );
      return 0;
    }
    const config = await exportGroupConfig(database.db, argument);
    if (!config) {
      process.stderr.write(`no group with url name "${argument}"\n`);
      return 1;
    }
    process.stdout.write(`${JSON.stringify(config, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof GroupConfigError) {
      process.stderr.write(`${error.message}\nnothing was changed\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await run(process.argv.slice(2));
}

export { run as runGroupCli };
