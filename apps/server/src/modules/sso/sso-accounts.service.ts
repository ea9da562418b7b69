/**
 * The Créneau account behind a provider identity. An identity is (issuer, subject): it is found
 * again at every sign-on whatever the e-mail address does. The first sign-on either links the
 * identity to the local account holding the same address — only when the provider vouches for that
 * address with `email_verified`, since accounts are global and the address is all that ties them —
 * or creates an active account without a password. See docs/sso.md "Account linking".
 */
import { isValidEmail, normalizeEmail } from '@creneau/core/validation/email';
import type { Kysely, Transaction } from 'kysely';
import type { AccountRow, Database } from '../../db/database.ts';
import * as accounts from '../accounts/accounts.repository.ts';
import { SsoError } from './sso-errors.ts';
import type { SsoScope } from './sso-scope.ts';

/** Who the provider says signed on, from the ID token and, when it holds more, the user-info answer. */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: unknown;
  emailVerified: unknown;
  name: unknown;
}

const NAME_MAX_LENGTH = 200;

type Db = Kysely<Database> | Transaction<Database>;

async function findOrCreate(
  db: Db,
  { group, now }: Pick<SsoScope, 'group' | 'now'>,
  identity: SsoIdentity,
): Promise<AccountRow> {
  const known = await accounts.findAccountBySso(db, identity.issuer, identity.subject);
  if (known) return known;

  const email = typeof identity.email === 'string' ? normalizeEmail(identity.email) : '';
  if (!isValidEmail(email)) throw new SsoError('emailMissing', 'no valid e-mail claim');
  const sso = { issuer: identity.issuer, subject: identity.subject };

  const local = await accounts.findAccountByEmail(db, email);
  if (local) {
    // Linking hands the whole account (its fiches and appointments at every group) to whoever the
    // provider says owns the address: only when the provider has checked that address.
    if (identity.emailVerified !== true) throw new SsoError('emailNotVerified', `account ${local.id}`);
    // One identity per account; and professionals, who reach other groups' records, keep their password.
    if (local.sso_subject || local.role === 'pro')
      throw new SsoError('emailAlreadyLinked', `account ${local.id}`);
    await accounts.updateAccount(db, local.id, {
      sso_issuer: sso.issuer,
      sso_subject: sso.subject,
      // The provider has verified the address: an account still awaiting activation is now active.
      status: 'active',
      updated_at: now,
    });
    return { ...local, sso_issuer: sso.issuer, sso_subject: sso.subject, status: 'active' };
  }

  const name =
    typeof identity.name === 'string' && identity.name.trim()
      ? identity.name.trim().slice(0, NAME_MAX_LENGTH)
      : null;
  const id = await accounts.insertAccount(db, {
    email,
    passwordHash: null,
    role: 'user',
    status: 'active',
    name,
    originGroupId: group.id,
    sso,
  });
  const created = await accounts.findAccountById(db, id);
  if (!created) throw new Error(`account ${id} vanished after insert`);
  return created;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/**
 * The account for this identity, linking or creating it as the module header says. Two callbacks
 * for the same new person can race (a double click on the provider's button): the loser's insert
 * hits the unique index and its second look finds the winner's account.
 */
export async function accountForIdentity(scope: SsoScope, identity: SsoIdentity): Promise<AccountRow> {
  const db = scope.ctx.db;
  try {
    return await db.transaction().execute((trx) => findOrCreate(trx, scope, identity));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return db.transaction().execute((trx) => findOrCreate(trx, scope, identity));
  }
}
