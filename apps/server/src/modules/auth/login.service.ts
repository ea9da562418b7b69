/**
 * Logging in (docs/requirements/accounts-and-appointments.md §4 Session, §7 sessions/login.json, §8): with e-mail and password, or with a
 * fiche key from an e-mail link on Fiche-profile groups. Failures answer the spec's list of
 * `{error, translate_key}`; five consecutive failures block the account for ten minutes, and failures
 * are capped per client address and e-mail typed — tightly — and per client address with a ceiling,
 * so that one attacker cannot cheaply lock out every account while the many people behind one
 * address still log in (docs/decisions/017-fair-rate-limits.md).
 */

import { normalizeEmail } from '@creneau/core/validation/email';
import { isStrongPassword } from '@creneau/core/validation/password';
import type { AppContext, CallScope } from '../../app-context.ts';
import type { AccountRow, GroupRow } from '../../db/database.ts';
import { DomainError, type FailureKind } from '../../errors/domain-error.ts';
import { groupShardContext } from '../../sharding/group-shard-context.ts';
import * as accounts from '../accounts/accounts.repository.ts';
import { findEmailLink, markEmailTokenUsed } from '../accounts/email-links.ts';
import { verifyPassword } from '../accounts/password-hashing.ts';
import { ficheIdsOfAccount } from '../appointments/appointments.repository.ts';
import { upcomingAppointments } from '../appointments/appointments-read.service.ts';
import { findGroup } from '../groups/groups.service.ts';
import {
  type Attempt,
  clientPersonSubject,
  clientSubject,
  LIMITS,
  recordAttempt,
  secondsUntilAllowed,
} from '../security/attempt-limits.ts';
import { isLinkKind } from '../sessions/link-scope.ts';
import { listProGroupIds } from '../sessions/sessions.repository.ts';
import { startSession } from '../sessions/sessions.service.ts';

export const MAX_CONSECUTIVE_FAILURES = 5;
export const LOCKOUT_MS = 10 * 60_000;

/** The spec's login error body: a list of {error, translate_key} beside the v3 message. */
export function loginError(kind: FailureKind, key: string): DomainError {
  return new DomainError(kind, key, { details: { errors: [{ error: key, translate_key: key }] } });
}

export interface LoginInput {
  credentials?: { email: string; password: string } | undefined;
  account?:
    | {
        group_id?: number | undefined;
        ficheKey?: string | undefined;
        validation_key?: string | undefined;
        temp_email?: string | undefined;
      }
    | undefined;
}

export interface LoginResult {
  token: string;
  body: Record<string, unknown>;
}

export async function login(callScope: CallScope, input: LoginInput, address: string): Promise<LoginResult> {
  // The group the login is made from, when one is named: its login rules and its fiche.
  const groupId = input.account?.group_id;
  // On a sharded deployment the login reads that group's rows on its shard (docs/operations.md "Sharding").
  const scope = await onShardOf(callScope, groupId);
  const { ctx, now } = scope;
  const group = groupId ? await findGroup(ctx, groupId) : undefined;
  if (input.account?.ficheKey) return loginWithFicheKey(scope, input.account.ficheKey, group);
  if (!input.credentials) throw loginError('invalid', 'credentialError');
  if (group?.settings.sso_login_only) throw loginError('forbidden', 'ssoLoginOnly');

  const { email, password } = input.credentials;
  // The same counters whether or not the e-mail has an account: a 429 tells nobody which it is.
  const failures: Attempt[] = [
    {
      limit: LIMITS.loginPerAddressAndEmail,
      subject: clientPersonSubject(address, normalizeEmail(email)),
      now,
    },
    { limit: LIMITS.loginPerAddress, subject: clientSubject(address), now },
  ];
  const waits = await Promise.all(failures.map((attempt) => secondsUntilAllowed(ctx.db, attempt)));
  const wait = Math.max(...waits);
  if (wait > 0) {
    throw new DomainError('tooManyRequests', 'tooManyAttempts', {
      details: { errors: [{ error: 'tooManyAttempts', translate_key: 'tooManyAttempts' }] },
      retryAfterSeconds: wait,
    });
  }

  const account = await accounts.findAccountByEmail(ctx.db, email);
  if (account?.locked_until && account.locked_until > now) {
    // Checked before the password: a blocked account says so even to the right password.
    await verifyPassword(null, password);
    throw loginError('forbidden', 'blockedUser');
  }
  const valid = await verifyPassword(account?.password_hash ?? null, password);
  if (!account || !valid) {
    for (const attempt of failures) await recordAttempt(ctx.db, attempt);
    if (account) await countFailure(ctx, account, now);
    throw loginError('unauthenticated', 'credentialError');
  }

  return ctx.db.transaction().execute(async (trx) => {
    const changes: Parameters<typeof accounts.updateAccount>[2] = { failed_logins: 0, locked_until: null };
    if (account.status === 'pending') {
      // Following the activation link (validation_key) is what activates an account.
      const key = input.account?.validation_key;
      const link = await findEmailLink(trx, { key, purpose: 'activate', now });
      if (!link || link.account_id !== account.id) throw loginError('forbidden', 'accountNotActivated');
      await markEmailTokenUsed(trx, link.id, now);
      changes.status = 'active';
    }
    if (input.account?.temp_email && input.account.validation_key) {
      const key = input.account.validation_key;
      await confirmEmailChange(trx, { account, key, now }, changes);
    }
    // A password that no longer meets the rules still logs in, but only to change it (docs/requirements/accounts-and-appointments.md §4).
    const needPasswordChange = account.need_password_change || !isStrongPassword(password, account.email);
    changes.need_password_change = needPasswordChange;
    const pendingRdv = account.pending_rdv;
    if (pendingRdv) changes.pending_rdv = null;
    changes.updated_at = now;
    await accounts.updateAccount(trx, account.id, changes);

    const type = account.role === 'pro' ? 'pro' : 'user';
    const { token } = await startSession(trx, now, {
      type,
      accountId: account.id,
      groupId: group?.id ?? null,
      ficheId: null,
      scope: null,
      scopeAppointmentId: null,
      ssoLogged: false,
    });
    const email = changes.email ?? account.email;
    // The customer's upcoming appointments in the group they log in to (docs/api.md, the login answer).
    const appointments =
      type === 'user' && group
        ? await upcomingAppointments(
            { ctx, group, now },
            trx,
            await ficheIdsOfAccount(trx, account.id, group.id),
          )
        : [];
    return {
      token,
      body: {
        type,
        account: { id: account.id, email, cancel_apt: 0, export_apt: 0, needPasswordChange },
        account_token: token,
        ...(type === 'pro' ? { pro_token: token, groups: await listProGroupIds(trx, account.id) } : {}),
        needPasswordChange,
        emailChanged: Boolean(changes.email),
        pendingRdv: pendingRdv ?? null,
        lastSignedAt: now.toISOString(),
        fiche: { appointments },
      },
    };
  });
}

async function countFailure(ctx: AppContext, account: AccountRow, now: Date): Promise<void> {
  const failures = await accounts.incrementFailedLogins(ctx.db, account.id);
  if (failures >= MAX_CONSECUTIVE_FAILURES) {
    await accounts.updateAccount(ctx.db, account.id, {
      failed_logins: 0,
      locked_until: new Date(now.getTime() + LOCKOUT_MS),
    });
  }
}

/** The new address becomes the account's once its owner follows the link sent to it and logs in. */
async function confirmEmailChange(
  trx: Parameters<typeof accounts.updateAccount>[0],
  { account, key, now }: { account: AccountRow; key: string; now: Date },
  changes: Parameters<typeof accounts.updateAccount>[2],
): Promise<void> {
  const link = await findEmailLink(trx, { key, purpose: 'email_change', now });
  if (!link || link.account_id !== account.id) throw loginError('forbidden', 'invalidLink');
  const newEmail = String(link.payload.email ?? '');
  const taken = await accounts.findAccountByEmail(trx, newEmail);
  if (taken && taken.id !== account.id) throw loginError('conflict', 'emailAlreadyExists');
  await markEmailTokenUsed(trx, link.id, now);
  changes.email = newEmail;
  changes.temp_email = null;
}

/**
 * A fiche key (from a booking e-mail) logs the visitor in as that fiche, "account id 0", for what
 * the link names and nothing else: its kind's actions on its appointment's booking (link-scope.ts).
 * A key that names no kind or no appointment opens nothing.
 */
async function loginWithFicheKey(
  { ctx, now }: CallScope,
  key: string,
  group: GroupRow | undefined,
): Promise<LoginResult> {
  const link = await findEmailLink(ctx.db, { key, purpose: 'fiche', now });
  if (link?.group_id && !group) ({ ctx } = await onShardOf({ ctx, now }, link.group_id));
  if (!link?.fiche_id || !link.group_id || (group && link.group_id !== group.id)) {
    throw loginError('unauthenticated', 'invalidLink');
  }
  const action = link.payload.action;
  const appointmentId = link.payload.appointment_id;
  if (!isLinkKind(action) || typeof appointmentId !== 'number')
    throw loginError('unauthenticated', 'invalidLink');
  const { token } = await startSession(ctx.db, now, {
    type: 'fiche',
    accountId: null,
    groupId: link.group_id,
    ficheId: link.fiche_id,
    scope: action,
    scopeAppointmentId: appointmentId,
    ssoLogged: false,
  });
  // A link opened for one booking shows that booking only, as the appointments list does.
  const linkGroup = group ?? (await findGroup(ctx, link.group_id));
  let appointments = linkGroup
    ? await upcomingAppointments({ ctx, group: linkGroup, now }, ctx.db, [link.fiche_id])
    : [];
  if (action && appointmentId) {
    const booking = appointments.find((a) => a.id === appointmentId);
    appointments = appointments.filter(
      (a) =>
        a.id === appointmentId ||
        (booking?.consecutive_value != null && a.consecutive_value === booking.consecutive_value),
    );
  }
  return {
    token,
    body: {
      type: 'user',
      account: {
        id: 0,
        email: null,
        cancel_apt: action === 'cancel_apt' ? appointmentId : 0,
        export_apt: action === 'export_apt' ? appointmentId : 0,
        needPasswordChange: false,
      },
      fiche_token: token,
      needPasswordChange: false,
      pendingRdv: null,
      lastSignedAt: now.toISOString(),
      fiche: { appointments },
    },
  };
}

/** The call's scope on the group's shard, when there are shards and a known group; as it is otherwise. */
async function onShardOf(scope: CallScope, groupId: number | undefined): Promise<CallScope> {
  if (!scope.ctx.shards || !groupId || !(await scope.ctx.shards.directory.entryOf(groupId))) return scope;
  return { ...scope, ctx: await groupShardContext(scope.ctx, groupId, false) };
}
