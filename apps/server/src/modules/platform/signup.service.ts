/**
 * Sign-up (docs/back-office.md "Sign-up and platform"): a person creates a business and becomes its
 * owner. The owner's account, the group (through the configuration import, as its first version)
 * and the owner membership are written in one transaction, so a failure at any step leaves no
 * group, no account and no membership behind. Open only when the deployment says so (OPEN_SIGNUP).
 */
import type { NewBusinessInput, Problems } from '@creneau/core/group-config/new-business';
import type { Locale } from '@creneau/core/locales';
import { isValidEmail, normalizeEmail } from '@creneau/core/validation/email';
import { checkPassword } from '@creneau/core/validation/password';
import type { ViewerScope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { renderMail } from '../../mail/mail-templates.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import * as accounts from '../accounts/accounts.repository.ts';
import { hashPassword } from '../accounts/password-hashing.ts';
import { updateMember } from '../backoffice/backoffice.repository.ts';
import { addMember } from '../backoffice/invitations.repository.ts';
import { LIMITS } from '../security/attempt-limits.ts';
import { takeAddressAttempt } from '../security/send-limits.ts';
import { startSession } from '../sessions/sessions.service.ts';
import {
  businessProblems,
  createGroup,
  isUrlnameTaken,
  placeNewGroup,
  refuseProblems,
  urlnameTaken,
} from './new-group.ts';

/** A person's name part: one line, as on the record forms. */
const MAX_NAME = 100;

export interface SignupInput {
  owner?: { firstname: string; lastname: string; email: string; password: string } | undefined;
  business: NewBusinessInput;
}

function ownerProblems(owner: NonNullable<SignupInput['owner']>, email: string): Problems {
  const problems: Problems = {};
  for (const part of ['firstname', 'lastname'] as const) {
    const value = owner[part].trim();
    if (!value) problems[`owner.${part}`] = ['required'];
    else if (value.length > MAX_NAME) problems[`owner.${part}`] = ['tooLong'];
  }
  if (!isValidEmail(email)) problems['owner.email'] = ['emailValidator'];
  const password = checkPassword(owner.password, email);
  if (password.tooLong) problems['owner.password'] = ['passwordTooLong'];
  else if (!password.valid) problems['owner.password'] = ['passwordRules'];
  return problems;
}

/** A unique index refused the row: another request took the address or the url name first. */
const isUniqueViolation = (error: unknown, constraint: string) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '23505' &&
  String((error as { constraint?: unknown }).constraint ?? (error as Error).message).includes(constraint);

export async function signUp(scope: ViewerScope, input: SignupInput, address: string) {
  const { ctx, now, viewer } = scope;
  if (!ctx.config.openSignup) throw errors.forbidden('signupClosed');
  await takeAddressAttempt(ctx, LIMITS.signupPerAddress, address);

  const signedIn = viewer.type !== 'anonymous' && viewer.accountId !== null && !viewer.scope;
  const email = input.owner ? normalizeEmail(input.owner.email) : null;
  const problems: Problems = businessProblems(input.business);
  if (input.owner && email !== null) Object.assign(problems, ownerProblems(input.owner, email));
  else if (!signedIn) problems.owner = ['required'];
  refuseProblems(problems);
  // A customer account never becomes a work account (docs/back-office.md "Invitations").
  if (!input.owner && viewer.type !== 'pro') throw errors.conflict('customerAccount');
  if (await isUrlnameTaken(ctx.db, input.business.urlname)) throw urlnameTaken();
  // Hashed before the transaction: argon2 takes a while and locks should not wait for it.
  const passwordHash = input.owner ? await hashPassword(input.owner.password) : null;

  try {
    const placed = await placeNewGroup(ctx);
    return await placed.db.transaction().execute(async (trx) => {
      let accountId: number;
      let calendarName: string;
      if (input.owner && email !== null) {
        // An operator's address (PLATFORM_ADMINS) is never claimed here, where nothing proves the
        // address: answered as a taken one (docs/decisions/014-platform-administrators.md).
        if (ctx.config.platformAdmins.includes(email) || (await accounts.findAccountByEmail(trx, email)))
          throw errors.conflict('emailAlreadyExists', {
            problems: { 'owner.email': ['emailAlreadyExists'] },
          });
        calendarName = `${input.owner.firstname.trim()} ${input.owner.lastname.trim()}`;
        // Active at once, like an invited person's account: the owner is logged in by the answer.
        accountId = await accounts.insertAccount(trx, {
          email,
          passwordHash,
          role: 'pro',
          status: 'active',
          name: calendarName,
          originGroupId: null,
        });
      } else {
        accountId = viewer.accountId!;
        const account = await accounts.findAccountById(trx, accountId);
        calendarName = account?.name?.trim() || input.business.name.trim();
      }
      const group = await createGroup(trx, input.business, {
        calendarName,
        source: 'signup',
        authorAccountId: accountId,
        now,
      });
      await placed.register(trx, group);
      await addMember(trx, group.id, accountId);
      await updateMember(trx, group.id, accountId, 'owner', null);
      // The owner is told where the business now lives, in its language, with the sign-up.
      const ownerEmail = email ?? (await accounts.findAccountById(trx, accountId))?.email;
      if (ownerEmail) {
        const site = `${ctx.config.publicUrl}/${group.urlname}`;
        const welcome = renderMail('business_welcome', input.business.language as Locale, {
          groupName: input.business.name.trim(),
          adminLink: `${site}/admin`,
          bookingLink: site,
        });
        await enqueueMail(trx, { groupId: group.id, to: ownerEmail, ...welcome });
      }
      const { token } = await startSession(trx, now, {
        type: 'pro',
        accountId,
        groupId: group.id,
        ficheId: null,
        scope: null,
        scopeAppointmentId: null,
        ssoLogged: false,
      });
      return { group: { id: group.id, urlname: group.urlname }, account_token: token };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'accounts_email'))
      throw errors.conflict('emailAlreadyExists', { problems: { 'owner.email': ['emailAlreadyExists'] } });
    if (isUniqueViolation(error, 'urlname')) throw urlnameTaken();
    throw error;
  }
}
