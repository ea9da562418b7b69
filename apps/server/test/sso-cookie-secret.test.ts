import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.ts';

const freshDataDir = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'creneau-secret-')), 'data');

describe('the cookie secret', () => {
  it('is created once in DATA_DIR and kept across restarts', () => {
    const dataDir = freshDataDir();
    const first = readConfig({ DATA_DIR: dataDir }).cookieSecret;
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(readConfig({ DATA_DIR: dataDir }).cookieSecret).toBe(first);
    const file = path.join(dataDir, 'cookie-secret');
    expect(readFileSync(file, 'utf8')).toBe(first);
    // Only the server's user may read it.
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(readConfig({ DATA_DIR: freshDataDir() }).cookieSecret).not.toBe(first);
  });

  it('comes from COOKIE_SECRET when set, which must be long enough', () => {
    const secret = 'a-shared-secret-for-every-replica-0123456789';
    expect(readConfig({ DATA_DIR: freshDataDir(), COOKIE_SECRET: secret }).cookieSecret).toBe(secret);
    expect(() => readConfig({ DATA_DIR: freshDataDir(), COOKIE_SECRET: 'short' })).toThrow(/COOKIE_SECRET/);
  });
});
