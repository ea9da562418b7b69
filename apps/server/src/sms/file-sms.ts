/**
 * The local provider of the demo and the tests: each message becomes DATA_DIR/sms/<id>.json, the
 * way mails become .eml files without SMTP. Writing the same id twice keeps one file.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SmsProvider } from './sms-provider.ts';

export function fileSmsProvider(dataDir: string): SmsProvider {
  const dir = path.join(dataDir, 'sms');
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const name = `${message.id.replace(/[^A-Za-z0-9_-]/g, '_')}.json`;
      await writeFile(
        path.join(dir, name),
        `${JSON.stringify({ ...message, at: new Date().toISOString() })}\n`,
      );
      return { providerId: name };
    },
  };
}
