/** argon2id with at least 19 MiB and 2 passes (OWASP's baseline), from a prebuilt native module. */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = {
  algorithm: 2 /* Argon2id; the enum is an ambient const enum */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified when the e-mail is unknown, so a failed login costs the same time either way.
const DUMMY_HASH = hash('not-a-real-password-1A!', OPTIONS);

/** True when the password matches; a null hash (no password) is checked against a dummy. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await DUMMY_HASH, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
