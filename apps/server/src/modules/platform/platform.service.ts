/**
 * The platform's own calls (docs/back-office.md "Sign-up and platform"), for the administrators the
 * deployment names (docs/decisions/014-platform-administrators.md): every group at a glance, a new
 * business whose owner is invited by e-mail, and closing or reopening a group — a change of its
 * configuration's `active`, kept as a version like any other.
 */
import type { NewBusinessInput } from '@creneau/core/group-config/new-business';
import { isValidEmail, normalizeEmail } from '@creneau/core/validation/email';
import { type Kysely, sql } from 'kysely';
import type { ViewerScope } from '../../app-context.ts';
import type { Database } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import { everyShard, groupShardContext } from '../../sharding/group-shard-context.ts';
import { writeInvitation } from '../backoffice/invitations.service.ts';
import { exportGroupConfig, importGroupConfig } from '../group-config/group-config.service.ts';
import { findGroup } from '../groups/groups.service.ts';
import { takeAccountMail } from '../security/send-limits.ts';
import {
  businessProblems,
  createGroup,
  isUrlnameTaken,
  placeNewGroup,
  refuseProblems,
  urlnameTaken,
} from './new-group.ts';
import { requirePlatformAdmin } from './platform-admins.ts';

/** Every group of the deployment, newest first: read on each shard (docs/operations.md "Sharding"). */
export async function listGroups(scope: ViewerScope) {
  requirePlatformAdmin(scope);
  const perShard = await Promise.all(everyShard(scope.ctx).map((db) => groupsOn(db)));
  // A group being moved is on two shards for a moment (copied, not yet deleted): listed once, from
  // the first shard that has it.
  const seen = new Set<number>();
  const rows = perShard
    .flat()
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .sort((a, b) => b.id - a.id);
  return {
    records: rows.map((row) => ({
      id: row.id,
      urlname: row.urlname,
      name: row.name,
      active: row.active,
      created: new Date(row.created_at).toISOString(),
      time_zone: row.time_zone,
      appointments: Number(row.appointments),
    })),
  };
}

/** The groups of one database with their appointment counts (both group tables: one shard's query). */
function groupsOn(db: Kysely<Database>) {
  return db
    .selectFrom('groups as g')
    .select([
      'g.id',
      'g.urlname',
      'g.name',
      'g.active',
      'g.created_at',
      // The zone its dates are shown in; every group has one (the import requires it).
      sql<string>`coalesce(g.settings->>'timezone', 'UTC')`.as('time_zone'),
      sql<string>`(select count(*) from appointments a where a.group_id = g.id)`.as('appointments'),
    ])
    .orderBy('g.id', 'desc')
    .execute();
}

export async function createInvitedGroup(
  scope: ViewerScope,
  input: { business: NewBusinessInput; owner_email: string },
) {
  const adminId = requirePlatformAdmin(scope);
  const { ctx, now } = scope;
  const email = normalizeEmail(input.owner_email);
  const problems = businessProblems(input.business);
  if (!isValidEmail(email)) problems.owner_email = ['emailValidator'];
  refuseProblems(problems);
  if (await isUrlnameTaken(ctx.db, input.business.urlname)) throw urlnameTaken();
  // The invitation is mailed to someone who did not ask: the same cap as any account mail.
  await takeAccountMail(ctx, email);
  const placed = await placeNewGroup(ctx);
  return placed.db.transaction().execute(async (trx) => {
    const created = await createGroup(trx, input.business, {
      calendarName: input.business.name.trim(),
      source: 'import',
      authorAccountId: adminId,
      now,
    });
    await placed.register(trx, created);
    const group = await trx
      .selectFrom('groups')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    const invitationId = await writeInvitation({ ...scope, group }, trx, {
      email,
      role: 'owner',
      calendarIds: null,
      invitedBy: adminId,
    });
    const invitation = await trx
      .selectFrom('staff_invitations')
      .select(['id', 'email', 'expires_at'])
      .where('id', '=', invitationId)
      .executeTakeFirstOrThrow();
    return {
      group: { id: created.id, urlname: created.urlname },
      invitation: {
        id: invitation.id,
        email: invitation.email,
        expires_at: new Date(invitation.expires_at).toISOString(),
      },
    };
  });
}

/** Closes or reopens a group: its configuration with `active` changed, imported as a new version. */
export async function setGroupActive(scope: ViewerScope, groupId: number, active: boolean) {
  const adminId = requirePlatformAdmin(scope);
  const { now } = scope;
  // The route names the group by id only: on a sharded deployment its shard's view, which refuses
  // the change while the group moves (docs/operations.md "Sharding").
  const ctx = scope.ctx.shards ? await groupShardContext(scope.ctx, groupId, true) : scope.ctx;
  const group = await findGroup(ctx, groupId);
  if (!group) throw errors.groupDoesNotExist();
  const document = await exportGroupConfig(ctx.db, group.urlname);
  if (!document) throw errors.groupDoesNotExist();
  const saved = await importGroupConfig(
    ctx.db,
    { ...document, active },
    { source: 'editor', authorAccountId: adminId, now },
  );
  return { id: groupId, active, version: saved.version };
}
