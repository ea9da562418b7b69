/**
 * Links sent by e-mail (activation, password reset, e-mail change, a fiche's booking links). The
 * token in the link is 256 random bits; only its hash is stored, with its purpose and expiry.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { hashSecretToken, isWellFormedToken, newSecretToken } from '../sessions/secret-tokens.ts';
import * as repo from './email-tokens.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Lifetimes of account links (docs/customer-area.md "E-mail links"); each is single-use. A booking's
 * links ('fiche') live until the booking is over: their caller gives that instant.
 */
export const LINK_LIFETIME_MS = {
  activate: 24 * 3_600_000,
  reset: 3_600_000,
  email_change: 24 * 3_600_000,
} as const;

type TokenOwner = { accountId?: number | null; groupId?: number | null; ficheId?: number | null };

type Lifetime =
  | { purpose: keyof typeof LINK_LIFETIME_MS; expiresAt?: undefined }
  | { purpose: 'fiche'; expiresAt: Date };

/** A link to create: how long it lives, whom it belongs to, from when. */
interface NewLink {
  lifetime: keyof typeof LINK_LIFETIME_MS | Lifetime;
  owner: TokenOwner;
  /** What following the link does (a fiche link's action and appointment, a new address). */
  payload?: Record<string, unknown>;
  now: Date;
}

export async function createEmailLinkToken(
  db: Db,
  { lifetime, owner, payload = {}, now }: NewLink,
): Promise<string> {
  const kind = typeof lifetime === 'string' ? { purpose: lifetime } : lifetime;
  const [token] = await createEmailLinkTokens(db, { lifetime: kind, owner, payloads: [payload], now });
  return token!;
}

/** One token per payload, same purpose and owner, stored in one statement; in payload order. */
export async function createEmailLinkTokens(
  db: Db,
  links: { lifetime: Lifetime; owner: TokenOwner; payloads: readonly Record<string, unknown>[]; now: Date },
): Promise<string[]> {
  const { lifetime, owner, now } = links;
  const { purpose, expiresAt } = lifetime;
  const tokens = links.payloads.map((payload) => ({ ...newSecretToken(), payload }));
  await repo.insertEmailTokens(
    db,
    tokens.map(({ hash, payload }) => ({
      tokenHash: hash,
      purpose,
      accountId: owner.accountId ?? null,
      groupId: owner.groupId ?? null,
      ficheId: owner.ficheId ?? null,
      payload,
      expiresAt:
        expiresAt ?? new Date(now.getTime() + LINK_LIFETIME_MS[purpose as keyof typeof LINK_LIFETIME_MS]),
      now,
    })),
  );
  return tokens.map((t) => t.token);
}

/** The live token row for a link's key, or undefined (malformed, unknown, expired or used). */
export async function findEmailLink(
  db: Db,
  { key, purpose, now }: { key: unknown; purpose: repo.EmailTokenPurpose; now: Date },
) {
  if (!isWellFormedToken(key)) return undefined;
  return repo.findLiveEmailToken(db, hashSecretToken(key), purpose, now);
}

export const { markEmailTokenUsed, voidAccountTokens } = repo;
