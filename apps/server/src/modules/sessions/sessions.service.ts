/**
 * Sessions (docs/requirements/accounts-and-appointments.md §3 Session, §4): a token of 256 random bits, valid two hours from
 * lastSignedAt, sent as the `token` query parameter or the session cookie. Only its hash is stored.
 */
import type { Kysely, Transaction } from 'kysely';
import type { ViewerScope } from '../../app-context.ts';
import type { Database } from '../../db/database.ts';
import { newSecretToken } from './secret-tokens.ts';
import * as repo from './sessions.repository.ts';

/** docs/requirements/accounts-and-appointments.md §4: 7,200,000 ms from lastSignedAt. */
export const SESSION_LIFETIME_MS = 7_200_000;

type Db = Kysely<Database> | Transaction<Database>;

export async function startSession(
  db: Db,
  now: Date,
  session: Omit<repo.NewSession, 'tokenHash' | 'now'>,
): Promise<{ token: string }> {
  const { token, hash } = newSecretToken();
  await repo.insertSession(db, { ...session, tokenHash: hash, now });
  return { token };
}

/** Ends the caller's session, if there is one; nobody's logout answers the same. */
export async function logout({
  ctx,
  now,
  viewer,
}: ViewerScope): Promise<{ logged: false; sso_logout: boolean }> {
  if (viewer.sessionId) await repo.revokeSession(ctx.db, viewer.sessionId, now);
  return { logged: false, sso_logout: viewer.ssoLogged };
}

export const { revokeAccountSessions, revokeSession } = repo;
