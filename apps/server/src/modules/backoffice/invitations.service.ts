/**
 * Invitations to a group's staff (docs/back-office.md "Invitations"). An owner invites an address
 * with a role and calendars; the mail's link works for a week, once. The person joins with the
 * account they already have (logged in with that address) or makes one on the spot: following the
 * link proved the address, so that account is active at once. A customer account cannot become a
 * work account: the person is asked for another address, so that the business never reads a
 * customer's own bookings through the back office.
 */
import { INVITATION_DAYS } from '@creneau/contract/endpoints/backoffice';
import { isValidEmail, normalizeEmail } from '@creneau/core/validation/email';
import type { Transaction } from 'kysely';
import type { AppContext, Scope, ViewerScope } from '../../app-context.ts';
import type { Database, StaffRole } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import { groupMailBrand } from '../../mail/mail-brand.ts';
import { renderMail } from '../../mail/mail-templates.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { everyShard, groupShardContext } from '../../sharding/group-shard-context.ts';
import * as accounts from '../accounts/accounts.repository.ts';
import { requireStrongPassword } from '../accounts/accounts.service.ts';
import { hashPassword } from '../accounts/password-hashing.ts';
import { takeAccountMail } from '../security/send-limits.ts';
import { hashSecretToken, isWellFormedToken, newSecretToken } from '../sessions/secret-tokens.ts';
import { startSession } from '../sessions/sessions.service.ts';
import { updateMember } from './backoffice.repository.ts';
import * as repo from './invitations.repository.ts';
import { requireRight } from './membership.service.ts';

const INVITATION_MS = INVITATION_DAYS * 24 * 3_600_000;

/** Only staff members work on a subset of calendars; the other roles see the whole group. */
const limitedCalendars = (role: StaffRole, calendarIds: readonly number[] | null) =>
  role === 'staff' && calendarIds ? [...new Set(calendarIds)] : null;

const present = (row: repo.PendingInvitation) => ({
  id: row.id,
  email: row.email,
  role: row.role,
  calendar_ids: row.all_calendars ? null : row.calendar_ids,
  invited_by: row.invited_by,
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at.toISOString(),
});

export async function listInvitations(scope: Scope) {
  await requireRight(scope, 'staff.manage');
  return (await repo.listPending(scope.ctx.db, scope.group.id, scope.now)).map(present);
}

export async function inviteStaff(
  scope: Scope,
  input: { email: string; role: StaffRole; calendar_ids: readonly number[] | null },
) {
  const member = await requireRight(scope, 'staff.manage');
  const { ctx, group, now } = scope;
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw errors.unprocessable('emailValidator', { email: ['emailValidator'] });
  const calendarIds = limitedCalendars(input.role, input.calendar_ids);
  if (
    calendarIds &&
    (await repo.existingCalendars(ctx.db, group.id, calendarIds)).length !== calendarIds.length
  )
    throw errors.unprocessable('calendarNotFound', { calendar_ids: ['calendarNotFound'] });
  if (await repo.isMemberAddress(ctx.db, group.id, email)) throw errors.conflict('alreadyMember');
  // The mail goes to someone who never asked for it: the same cap as any account mail.
  await takeAccountMail(ctx, email);

  const id = await ctx.db
    .transaction()
    .execute((trx) =>
      writeInvitation(scope, trx, { email, role: input.role, calendarIds, invitedBy: member.accountId }),
    );
  const row = (await repo.listPending(ctx.db, group.id, now)).find((r) => r.id === id);
  if (!row) throw new Error('the invitation just made is not pending');
  return present(row);
}

/**
 * Replaces any pending invitation to the address with a new one and writes its mail to the outbox,
 * in the caller's transaction; answers its id. The inviter is named in the mail (the group's name
 * when there is none, e.g. a platform administrator creating the group).
 */
export async function writeInvitation(
  { group, now, ...rest }: Scope,
  trx: Transaction<Database>,
  invitation: { email: string; role: StaffRole; calendarIds: number[] | null; invitedBy: number | null },
): Promise<number> {
  const { token, hash } = newSecretToken();
  await repo.revokePendingTo(trx, group.id, invitation.email, now);
  const created = await repo.insert(trx, {
    groupId: group.id,
    email: invitation.email,
    role: invitation.role,
    calendarIds: invitation.calendarIds,
    tokenHash: hash,
    invitedBy: invitation.invitedBy,
    now,
    expiresAt: new Date(now.getTime() + INVITATION_MS),
  });
  const inviter =
    invitation.invitedBy === null ? undefined : await accounts.findAccountById(trx, invitation.invitedBy);
  await sendInvitation({ group, now, ...rest }, trx, {
    to: invitation.email,
    role: invitation.role,
    inviter: inviter?.name || inviter?.email,
    token,
  });
  return created;
}

async function sendInvitation(
  { ctx, group }: Scope,
  db: Parameters<typeof enqueueMail>[0],
  mail: { to: string; role: StaffRole; inviter: string | undefined; token: string },
) {
  const link = `${ctx.config.publicUrl}/${group.urlname}/invitation?key=${encodeURIComponent(mail.token)}`;
  const rendered = renderMail(
    'staff_invitation',
    group.settings.locale,
    {
      groupName: group.name,
      inviter: mail.inviter ?? group.name,
      role: mail.role,
      link,
      days: INVITATION_DAYS,
    },
    groupMailBrand(group, ctx.config.publicUrl),
  );
  await enqueueMail(db, { groupId: group.id, to: mail.to, ...rendered });
}

export async function revokeInvitation(scope: Scope, invitationId: number) {
  await requireRight(scope, 'staff.manage');
  if (!(await repo.revoke(scope.ctx.db, scope.group.id, invitationId, scope.now)))
    throw errors.notFound('invitationNotFound');
  return { id: invitationId, revoked: true as const };
}

/** The pending invitation of a link's key; the same answer for a wrong, used, withdrawn or old key. */
async function pendingOf(
  db: Parameters<typeof repo.findPendingByHash>[0],
  { key, now, lock = false }: { key: string; now: Date; lock?: boolean },
) {
  const found = isWellFormedToken(key)
    ? await repo.findPendingByHash(db, hashSecretToken(key), now, lock)
    : undefined;
  if (!found) throw errors.notFound('invitationNotFound');
  return found;
}

/**
 * The database a link's invitation is read and accepted on. The link names no group, so on a
 * sharded deployment each shard is asked for the key in turn and the group's shard view is used
 * (docs/operations.md "Sharding"); a write is refused while the group moves. One database: itself,
 * with no look-up.
 */
async function invitationDb(ctx: AppContext, key: string, now: Date, writes: boolean) {
  if (!ctx.shards || !isWellFormedToken(key)) return ctx.db;
  const tokenHash = hashSecretToken(key);
  for (const db of everyShard(ctx)) {
    const found = await repo.findPendingByHash(db, tokenHash, now);
    if (found) return (await groupShardContext(ctx, found.group_id, writes)).db;
  }
  return ctx.db;
}

/** Which account the invited address has, and whether the caller is logged in with it. */
async function accountSituation(
  scope: ViewerScope,
  db: Parameters<typeof accounts.findAccountByEmail>[0],
  email: string,
) {
  const account = await accounts.findAccountByEmail(db, email);
  const kind = !account ? 'none' : account.role === 'pro' ? 'pro' : 'customer';
  const { viewer } = scope;
  const signedIn =
    account !== undefined && viewer.type === 'pro' && !viewer.scope && viewer.accountId === account.id;
  return { account, kind, signedIn } as const;
}

export async function readInvitation(scope: ViewerScope, key: string) {
  const db = await invitationDb(scope.ctx, key, scope.now, false);
  const invitation = await pendingOf(db, { key, now: scope.now });
  const { kind, signedIn } = await accountSituation(scope, db, invitation.email);
  return {
    group: { id: invitation.group_id, name: invitation.group_name, urlname: invitation.group_urlname },
    email: invitation.email,
    role: invitation.role,
    account: kind,
    signed_in: signedIn,
  };
}

export async function acceptInvitation(
  scope: ViewerScope,
  input: { key: string; name?: string | undefined; password?: string | undefined },
) {
  const { ctx, now } = scope;
  // Hashed outside the transaction: argon2 takes a while and the row lock should not wait for it.
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const db = await invitationDb(ctx, input.key, now, true);
  return db.transaction().execute(async (trx) => {
    const invitation = await pendingOf(trx, { key: input.key, now, lock: true });
    const { account, kind, signedIn } = await accountSituation(scope, trx, invitation.email);
    if (kind === 'customer') throw errors.conflict('customerAccount');
    let accountId: number;
    let token: string | null = null;
    if (account) {
      // The address has a work account: only its owner, logged in, may use the invitation.
      if (!signedIn) throw errors.forbidden('invitationLoginRequired');
      accountId = account.id;
    } else {
      const name = input.name?.trim();
      if (!name || input.password === undefined || passwordHash === null)
        throw errors.unprocessable('fieldsRequired', {
          ...(name ? {} : { name: ['required'] }),
          ...(input.password === undefined ? { password: ['required'] } : {}),
        });
      requireStrongPassword(input.password, invitation.email);
      accountId = await accounts.insertAccount(trx, {
        email: invitation.email,
        passwordHash,
        role: 'pro',
        status: 'active',
        name,
        originGroupId: invitation.group_id,
      });
      ({ token } = await startSession(trx, now, {
        type: 'pro',
        accountId,
        groupId: invitation.group_id,
        ficheId: null,
        scope: null,
        scopeAppointmentId: null,
        ssoLogged: false,
      }));
    }
    await repo.addMember(trx, invitation.group_id, accountId);
    const calendars = invitation.all_calendars
      ? null
      : await repo.existingCalendars(trx, invitation.group_id, invitation.calendar_ids);
    await updateMember(
      trx,
      invitation.group_id,
      accountId,
      invitation.role,
      limitedCalendars(invitation.role, calendars),
    );
    await repo.markAccepted(trx, invitation.id, accountId, now);
    return { group_id: invitation.group_id, urlname: invitation.group_urlname, role: invitation.role, token };
  });
}
