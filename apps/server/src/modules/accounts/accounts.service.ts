/**
 * Customer accounts (docs/requirements/accounts-and-appointments.md §3 Account, §4, §5, §7): registration with e-mail activation,
 * password change and reset, e-mail change confirmed from the new address. Every mail is written to
 * the outbox in the same transaction as the change that causes it.
 */
import { isValidEmail, normalizeEmail, validateNewEmail } from '@creneau/core/validation/email';
import { checkPassword, PASSWORD_MAX_LENGTH } from '@creneau/core/validation/password';
import type { Scope, ViewerScope } from '../../app-context.ts';
import type { GroupRow } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import { LIMITS, recordAttempt, secondsUntilAllowed } from '../security/attempt-limits.ts';
import { takeAccountMail, takeAddressAttempt } from '../security/send-limits.ts';
import { revokeAccountSessions, startSession } from '../sessions/sessions.service.ts';
import { sendAccountMail } from './account-mails.ts';
import * as repo from './accounts.repository.ts';
import { createEmailLinkToken, findEmailLink, markEmailTokenUsed, voidAccountTokens } from './email-links.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';

/** Reset answers take at least this long whether or not the address has an account. */
export const RESET_MIN_RESPONSE_MS = 400;

function refuseSsoOnly(group: GroupRow): void {
  if (group.settings.sso_login_only) throw errors.forbidden('ssoLoginOnly');
}

/** The spec's password rules, failing with the first broken rule's key and the whole checklist. */
export function requireStrongPassword(password: string, email: string): void {
  const check = checkPassword(password, email);
  if (check.tooLong) throw errors.unprocessable('passwordTooLong', { maxLength: PASSWORD_MAX_LENGTH });
  if (!check.valid)
    throw errors.unprocessable('passwordRules', { failed: check.failed, checklist: check.checklist });
}

export interface RegistrationInput {
  email: string;
  password?: string | undefined;
  marketing_optin?: boolean | undefined;
  marketing_sms?: boolean | undefined;
  solocal_services_optin?: boolean | undefined;
  pendingRdv?: Record<string, unknown> | undefined;
}

export async function register(scope: Scope, input: RegistrationInput, address: string) {
  const { ctx, group, now } = scope;
  refuseSsoOnly(group);
  const settings = group.settings;
  // Closed groups take no new customers online (docs/requirements/accounts-and-appointments.md §6): they phone instead.
  if (!settings.open) {
    throw errors.forbidden(
      settings.sector === 'Santé' ? 'registrationDisabledHealth' : 'registrationDisabled',
    );
  }
  await takeAddressAttempt(ctx, LIMITS.registerPerAddress, address);

  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw errors.unprocessable('emailValidator');
  // Counted whether or not the address is registered, so the answer tells nobody which it is.
  await takeAccountMail(ctx, email);
  if (input.password !== undefined) requireStrongPassword(input.password, email);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);

  return ctx.db.transaction().execute(async (trx) => {
    const existing = await repo.findAccountByEmail(trx, email);
    if (existing && existing.status === 'active') throw errors.conflict('emailAlreadyExists');
    let accountId: number;
    if (existing) {
      // Registering again before activating: refresh what was given and send a new link.
      accountId = existing.id;
      await repo.updateAccount(trx, accountId, {
        ...(passwordHash ? { password_hash: passwordHash } : {}),
        pending_rdv: input.pendingRdv
          ? JSON.stringify(input.pendingRdv)
          : existing.pending_rdv
            ? JSON.stringify(existing.pending_rdv)
            : null,
        updated_at: now,
      });
      await voidAccountTokens(trx, accountId, 'activate', now);
    } else {
      accountId = await repo.insertAccount(trx, {
        email,
        passwordHash,
        role: 'user',
        status: 'pending',
        originGroupId: group.id,
        marketing: input,
        pendingRdv: input.pendingRdv,
      });
    }
    const owner = { accountId, groupId: group.id };
    const key = await createEmailLinkToken(trx, { lifetime: 'activate', owner, now });
    const needsPassword = !passwordHash && !existing?.password_hash;
    const params = new URLSearchParams({ validation_key: key, account_id: String(accountId), email });
    if (needsPassword) params.set('set_password', '1');
    const path = `/${group.urlname}/login?${params}`;
    await sendAccountMail(scope, trx, { to: email, kind: 'account_activation', path });
    return { account: { id: accountId, email, status: 'pending' as const }, msg: 'registerMailSent' };
  });
}

/**
 * Sends a single-use reset link valid one hour — only when the address has an account, but the
 * answer and its timing are the same either way, so the call tells nobody who is registered.
 */
export async function forgotPassword(scope: Scope, emailInput: string, address: string) {
  const { ctx, group, now } = scope;
  refuseSsoOnly(group);
  // Elapsed time on the process's monotonic timer: the request's instant (scope.now) stands still.
  const started = performance.now();
  await takeAddressAttempt(ctx, LIMITS.resetPerAddress, address);
  const email = normalizeEmail(emailInput);
  if (!isValidEmail(email)) throw errors.unprocessable('emailValidator');
  // Counted whether or not the address has an account: a refusal tells nobody which it is.
  await takeAccountMail(ctx, email);
  await ctx.db.transaction().execute(async (trx) => {
    const account = await repo.findAccountByEmail(trx, email);
    if (!account || account.sso_subject) return;
    await voidAccountTokens(trx, account.id, 'reset', now);
    const owner = { accountId: account.id, groupId: group.id };
    const key = await createEmailLinkToken(trx, { lifetime: 'reset', owner, now });
    const params = new URLSearchParams({ oubliKey: key, account_id: String(account.id) });
    const path = `/${group.urlname}/reset_password?${params}`;
    await sendAccountMail(scope, trx, { to: account.email, kind: 'password_reset', path });
  });
  const remaining = RESET_MIN_RESPONSE_MS - (performance.now() - started);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  return { msg: 'resetPasswordMailSent' };
}

export interface PasswordUpdate {
  password: string;
  /** When given, the password typed twice: both must match. */
  password_confirmation?: string | undefined;
  current_password?: string | undefined;
  validation_key?: string | undefined;
  oubliKey?: string | undefined;
}

/**
 * PUT accounts/{id}.json: a new password, proven by the current password, by a pending forced
 * change, by the activation link or by the reset link. Returns a fresh session; every other session
 * of the account ends, so a stolen session does not outlive a password change.
 */
export async function updatePassword(scope: ViewerScope, accountId: number, update: PasswordUpdate) {
  const { ctx, now, viewer } = scope;
  if (update.password_confirmation !== undefined && update.password_confirmation !== update.password) {
    throw errors.unprocessable('passwordConfirm');
  }
  const account = await repo.findAccountById(ctx.db, accountId);
  const linkKey = update.oubliKey ?? update.validation_key;
  const purpose = update.oubliKey ? 'reset' : 'activate';
  const link = linkKey ? await findEmailLink(ctx.db, { key: linkKey, purpose, now }) : undefined;
  if (linkKey) {
    if (!account || !link || link.account_id !== account.id) throw errors.forbidden('invalidLink');
  } else {
    if (viewer.type === 'anonymous') throw errors.expiredConnection();
    if (!account || viewer.accountId !== account.id) throw errors.forbidden();
    if (!viewer.needPasswordChange) {
      if (!update.current_password) throw errors.unprocessable('currentPasswordRequired');
      if (!(await verifyPassword(account.password_hash, update.current_password))) {
        throw errors.unprocessable('passwordError');
      }
    }
  }
  requireStrongPassword(update.password, account.email);
  // A reset or change that keeps the same password changes nothing: it was probably a mistake,
  // and a reset after a leak must not leave the leaked password working.
  if (account.password_hash && (await verifyPassword(account.password_hash, update.password))) {
    throw errors.unprocessable('passwordUnchanged');
  }
  const passwordHash = await hashPassword(update.password);
  return ctx.db.transaction().execute(async (trx) => {
    if (link && !(await markEmailTokenUsed(trx, link.id, now))) throw errors.forbidden('invalidLink');
    await repo.updateAccount(trx, account.id, {
      password_hash: passwordHash,
      need_password_change: false,
      failed_logins: 0,
      locked_until: null,
      // Following either link proves the address: the account is active from now on.
      status: 'active',
      updated_at: now,
    });
    await revokeAccountSessions(trx, account.id, now);
    const type = account.role === 'pro' ? 'pro' : 'user';
    const { token } = await startSession(trx, now, {
      type,
      accountId: account.id,
      groupId: link?.group_id ?? viewer.groupId,
      ficheId: null,
      scope: null,
      scopeAppointmentId: null,
      ssoLogged: false,
    });
    return {
      token,
      body: {
        account: { id: account.id, email: account.email },
        account_token: token,
        msg: 'passwordChanged',
      },
    };
  });
}

/** Starts an e-mail change: a confirmation link goes to the new address (docs/requirements/accounts-and-appointments.md §4 emailChanged). */
export async function requestEmailChange(scope: Scope, accountId: number, tempEmail: string) {
  const { ctx, group, now, viewer } = scope;
  if (viewer.type === 'anonymous') throw errors.expiredConnection();
  if (viewer.accountId !== accountId) throw errors.forbidden();
  const account = await repo.findAccountById(ctx.db, accountId);
  if (!account) throw errors.forbidden();
  if (account.sso_subject) throw errors.forbidden('ssoLoginOnly');
  const email = normalizeEmail(tempEmail);
  const problem = validateNewEmail(email, account.email);
  if (problem) throw errors.unprocessable(problem, { temp_email: [problem] });
  const attempt = { limit: LIMITS.emailChangePerAccount, subject: String(accountId), now };
  const wait = await secondsUntilAllowed(ctx.db, attempt);
  if (wait > 0) throw errors.tooManyRequests(wait);
  await recordAttempt(ctx.db, attempt);
  await takeAccountMail(ctx, email);
  return ctx.db.transaction().execute(async (trx) => {
    const taken = await repo.findAccountByEmail(trx, email);
    if (taken && taken.id !== accountId) {
      throw errors.unprocessable('emailAlreadyExists', { temp_email: ['emailAlreadyExists'] });
    }
    await voidAccountTokens(trx, accountId, 'email_change', now);
    await repo.updateAccount(trx, accountId, { temp_email: email, updated_at: now });
    const owner = { accountId, groupId: group.id };
    const key = await createEmailLinkToken(trx, { lifetime: 'email_change', owner, payload: { email }, now });
    const params = new URLSearchParams({ validation_key: key, temp_email: email, email: account.email });
    const path = `/${group.urlname}/login?${params}`;
    await sendAccountMail(scope, trx, { to: email, kind: 'email_change', path, newEmail: email });
    return { account: { id: accountId, email: account.email, temp_email: email }, emailChanged: true };
  });
}
