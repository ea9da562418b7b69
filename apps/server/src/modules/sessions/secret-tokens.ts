/**
 * Secrets handed to browsers and e-mail links: 256 random bits, base64url. Only their SHA-256
 * is stored, so a database leak does not hand out live sessions or links.
 */
import { createHash, randomBytes } from 'node:crypto';

export function newSecretToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** A well-formed token: 43 base64url characters. Anything else is rejected before any lookup. */
export function isWellFormedToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
