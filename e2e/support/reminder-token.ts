/**
 * The stop link of a reminder for a customer record, made as the server makes it
 * (apps/server/src/modules/reminders/reminder-links.ts, docs/reminders.md "Stopping them"): signed
 * with the cookie secret the test server created in its data directory (apps/server/src/config.ts),
 * since the tests do not wait a day for a real reminder.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { reminderStopToken } from '../../apps/server/src/modules/reminders/reminder-links.ts';

/** The path and query of the page a reminder of `channel` links to. */
export function reminderStopPath(
  urlname: string,
  ids: { groupId: number; ficheId: number },
  channel: 'email' | 'sms',
): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through the Playwright config');
  const secret = readFileSync(path.join(dataDir, 'cookie-secret'), 'utf8').trim();
  return `/${urlname}/reminders?token=${reminderStopToken(secret, ids.groupId, ids.ficheId)}&channel=${channel}`;
}
