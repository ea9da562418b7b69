/**
 * The group's configuration from the back office (docs/group-configuration.md "Versions"): read
 * and saved whole, as the JSON import and export, while the server runs; every save is a version
 * that can be compared with another and restored. The single sign-on client secret never reaches a
 * browser: it is masked on the way out, and a masked secret on the way in keeps the stored one.
 */
import type { GroupConfig } from '@creneau/core/group-config/group-config.schema';
import type { Scope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { enqueueWaitlistScan } from '../freed-time/freed-time.ts';
import { diffConfigs } from '../group-config/config-diff.ts';
import * as versions from '../group-config/config-versions.ts';
import {
  exportGroupConfig,
  GroupConfigError,
  type ImportOptions,
  importGroupConfigIn,
} from '../group-config/group-config.service.ts';
import { requireRight } from './membership.service.ts';
import { bookableSchedule, refuseRemovedWithAppointments, strandedSince } from './stranded-appointments.ts';

/** What a browser sees in place of the single sign-on client secret. */
export const MASKED_SECRET = '(kept secret)';

type Document = Record<string, unknown>;

function masked(document: unknown): Document {
  const copy = structuredClone(document) as Document;
  const sso = copy.sso as { client_secret?: unknown } | null | undefined;
  if (sso && typeof sso === 'object' && 'client_secret' in sso) sso.client_secret = MASKED_SECRET;
  return copy;
}

async function current(scope: Scope): Promise<GroupConfig> {
  const document = await exportGroupConfig(scope.ctx.db, scope.group.urlname);
  if (!document) throw errors.groupDoesNotExist();
  return document;
}

export async function readConfiguration(scope: Scope) {
  await requireRight(scope, 'settings.manage');
  const latest = await versions.latestVersion(scope.ctx.db, scope.group.id);
  return { version: latest?.version ?? 0, document: masked(await current(scope)) };
}

/**
 * Imports `document` as the group's configuration, refusing a stale editor and another urlname.
 * Unless `acceptStranded`, a write that would leave future appointments outside what is bookable
 * is undone and answered `409 appointmentsStranded` with the list, so that the owner sees them
 * before anything is saved (docs/back-office.md "Stranded appointments").
 */
async function write(
  scope: Scope,
  document: Document,
  options: { basedOn: number | undefined; acceptStranded: boolean } & Pick<
    ImportOptions,
    'source' | 'restoredFrom'
  >,
) {
  const member = await requireRight(scope, 'settings.manage');
  const { ctx, group } = scope;
  if (document.urlname !== group.urlname)
    throw errors.unprocessable('urlnameChange', { problems: [`$.urlname: must stay "${group.urlname}"`] });
  // The mask stands for the secret as it is.
  const sso = document.sso as { client_secret?: unknown } | null | undefined;
  if (sso && typeof sso === 'object' && sso.client_secret === MASKED_SECRET) {
    const stored = (await current(scope)).sso;
    document = { ...document, sso: { ...sso, client_secret: stored?.client_secret } };
  }
  const before = await versions.latestVersion(ctx.db, group.id);
  const scheduleBefore = await bookableSchedule(scope);
  let written: { saved: Awaited<ReturnType<typeof importGroupConfigIn>>; stranded: Stranded };
  try {
    written = await ctx.db.transaction().execute(async (trx) => {
      const saved = await importGroupConfigIn(trx, document, {
        source: options.source,
        restoredFrom: options.restoredFrom ?? null,
        authorAccountId: member.accountId,
        now: scope.now,
        // Under the group's row lock: nobody can save between this check and the write.
        beforeWrite: async (trx, groupId) => {
          const latest = await versions.latestVersion(trx, groupId);
          if (options.basedOn !== undefined && (latest?.version ?? 0) !== options.basedOn)
            throw errors.conflict('configurationChanged', { version: latest?.version ?? 0 });
          // An editor's save may not take a calendar away from its appointments; a restore, like an
          // import, puts a whole earlier state back and lists what it strands.
          if (options.source === 'editor')
            await refuseRemovedWithAppointments(trx, { groupId, document, now: scope.now });
        },
      });
      // Read inside the transaction, still under the group's lock: the list is exactly what this
      // write strands, and throwing here undoes it.
      const stranded = await strandedSince(scope, scheduleBefore, trx);
      if (stranded.length > 0 && !options.acceptStranded)
        throw errors.conflict('appointmentsStranded', { stranded });
      // Longer hours or a new calendar may free time for people on the waiting list (docs/waitlist.md).
      await enqueueWaitlistScan(trx, group.id, scope.now);
      return { saved, stranded };
    });
  } catch (error) {
    if (error instanceof GroupConfigError)
      throw errors.unprocessable('invalidConfiguration', { problems: error.problems });
    throw error;
  }
  const { saved, stranded } = written;
  const previous = before ?? (await versions.readVersion(ctx.db, group.id, 1));
  const after = await versions.readVersion(ctx.db, group.id, saved.version);
  return {
    version: saved.version,
    changes: diffConfigs(masked(previous?.document ?? {}), masked(after?.document ?? {})),
    stranded,
  };
}

type Stranded = Awaited<ReturnType<typeof strandedSince>>;

export function saveConfiguration(
  scope: Scope,
  body: { document: Document; based_on?: number | undefined; accept_stranded?: boolean | undefined },
) {
  return write(scope, body.document, {
    basedOn: body.based_on,
    acceptStranded: body.accept_stranded ?? false,
    source: 'editor',
  });
}

export async function listConfigurationVersions(scope: Scope) {
  await requireRight(scope, 'settings.manage');
  return (await versions.listVersions(scope.ctx.db, scope.group.id)).map((row) => ({
    version: row.version,
    source: row.source,
    author: row.author,
    created_at: row.created_at.toISOString(),
    restored_from: row.restored_from,
  }));
}

async function versionOf(scope: Scope, version: number) {
  const found = await versions.readVersion(scope.ctx.db, scope.group.id, version);
  if (!found) throw errors.notFound('versionNotFound');
  return found;
}

export async function readConfigurationVersion(scope: Scope, version: number) {
  await requireRight(scope, 'settings.manage');
  return { version, document: masked((await versionOf(scope, version)).document) };
}

export async function diffConfigurationVersions(scope: Scope, version: number, against: number | undefined) {
  await requireRight(scope, 'settings.manage');
  const from = await versionOf(scope, version);
  const to =
    against === undefined
      ? await versions.latestVersion(scope.ctx.db, scope.group.id)
      : await versionOf(scope, against);
  if (!to) throw errors.notFound('versionNotFound');
  return { from: version, to: to.version, changes: diffConfigs(masked(from.document), masked(to.document)) };
}

export async function restoreConfigurationVersion(
  scope: Scope,
  version: number,
  body: { based_on?: number | undefined; accept_stranded?: boolean | undefined },
) {
  await requireRight(scope, 'settings.manage');
  const found = await versionOf(scope, version);
  return write(scope, found.document as Document, {
    basedOn: body.based_on,
    acceptStranded: body.accept_stranded ?? false,
    source: 'restore',
    restoredFrom: version,
  });
}
