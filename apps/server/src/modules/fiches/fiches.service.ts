/**
 * Customer records — fiches (docs/requirements/accounts-and-appointments.md §2 customer-records page, §3 Fiche, §5, §6): a customer keeps
 * up to 8 people per group; professionals search the group's records and create them for callers.
 * Every record is validated against the group's fiche form with the shared core rules.
 */
import { personKeys } from '@creneau/core/booking/person-identity';
import { isVisibleRecord, MAX_RECORDS_PER_ACCOUNT, mayAddRecord } from '@creneau/core/booking/records-cap';
import type { FormField } from '@creneau/core/group-config/group-config.schema';
import { localDateIn } from '@creneau/core/time/time-zone';
import { validateForm } from '@creneau/core/validation/form-fields';
import { type Role, splitByVisibility } from '@creneau/core/validation/hidden-fields';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext, Scope } from '../../app-context.ts';
import type { Database, FicheRow, GroupRow } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import { findAccountById } from '../accounts/accounts.repository.ts';
import { groupFormFields } from '../groups/groups.service.ts';
import type { Viewer } from '../sessions/viewer.ts';
import { emitCustomerCreated } from '../webhooks/webhook-events.ts';
import * as repo from './fiches.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** docs/requirements/accounts-and-appointments.md §2, §9: a customer keeps at most 8 records they see (core records-cap). */
export const MAX_FICHES_PER_ACCOUNT = MAX_RECORDS_PER_ACCOUNT;
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_LIMIT = 20;

const COLUMN_FIELDS = [
  'firstname',
  'lastname',
  'email',
  'firstphone',
  'marketing_sms',
  'solocal_services_optin',
] as const;

// A person needs a name whatever the group's form says (the records page and mails name them), and
// may leave an e-mail and a phone (the fiche's own columns: confirmation mails go to that e-mail).
const baseField = (name: string, type: 'text' | 'email', required: boolean, maxLength: number) =>
  ({ name, type, label: name, required, trim: true, maxLength }) as FormField;
const BASE_FIELDS: FormField[] = [
  baseField('firstname', 'text', true, 100),
  baseField('lastname', 'text', true, 100),
  baseField('email', 'email', false, 254),
  baseField('firstphone', 'text', false, 30),
];

export async function ficheFormFields(ctx: AppContext, db: Db, group: GroupRow): Promise<FormField[]> {
  const rows = await groupFormFields(ctx, db as Kysely<Database>, group);
  const defined = rows.filter((r) => r.form === 'fiche').map((r) => r.definition);
  const names = new Set(defined.map((f) => f.name));
  return [...BASE_FIELDS.filter((f) => !names.has(f.name)), ...defined];
}

function roleOf(viewer: Viewer): Role {
  if (viewer.type === 'pro') return 'pro';
  return viewer.type === 'anonymous' ? 'anonymous' : 'user';
}

/** The record as the front end sees it: columns plus the group's own fields. */
export function presentFiche(fiche: FicheRow) {
  return {
    ...fiche.fields,
    id: fiche.id,
    group_id: fiche.group_id,
    firstname: fiche.firstname,
    lastname: fiche.lastname,
    email: fiche.email,
    firstphone: fiche.firstphone,
    deleted: fiche.deleted,
    marketing_optin: fiche.marketing_optin,
    marketing_sms: fiche.marketing_sms,
    solocal_services_optin: fiche.solocal_services_optin,
    externid: fiche.externid,
    created_at: fiche.created_at,
    updated_at: fiche.updated_at,
  };
}

function isProOf(viewer: Viewer, group: GroupRow): boolean {
  return viewer.type === 'pro' && viewer.proGroupIds.includes(group.id);
}

export async function listFiches(scope: Scope, search: string | undefined) {
  const { ctx, group, viewer } = scope;
  if (viewer.type === 'anonymous') throw errors.expiredConnection();
  if (viewer.type === 'pro') {
    if (!isProOf(viewer, group)) throw errors.forbidden();
    const text = (search ?? '').trim();
    if ([...text].length < SEARCH_MIN_LENGTH)
      throw errors.badRequest('searchTooShort', { minLength: SEARCH_MIN_LENGTH });
    return (await repo.searchFiches(ctx.db, group.id, text, SEARCH_LIMIT)).map(presentFiche);
  }
  if (viewer.type === 'fiche' || viewer.type === 'guest') {
    if (viewer.groupId !== group.id || !viewer.ficheId) return [];
    const fiche = await repo.findFiche(ctx.db, group.id, viewer.ficheId);
    return fiche && !fiche.deleted ? [presentFiche(fiche)] : [];
  }
  return (await repo.listAccountFiches(ctx.db, group.id, viewer.accountId!)).map(presentFiche);
}

/** A record's fields as given, and the record they change (none for a new one). */
interface FicheInput {
  input: Record<string, unknown>;
  existing?: FicheRow | undefined;
}

/**
 * Checks fiche input against the group's form as this viewer sees it; hidden fields keep their
 * stored or derived value, removed ones are dropped. Dates are judged against the group's today.
 * Throws 422 formStdError with per-field keys.
 */
async function validatedFiche(scope: Scope, db: Db, { input, existing }: FicheInput) {
  const { ctx, group, viewer } = scope;
  const settings = group.settings;
  const today = localDateIn(scope.now, settings.timezone);
  const fields = await ficheFormFields(ctx, db, group);
  const { shown } = splitByVisibility(fields, {
    form: 'fiche',
    role: roleOf(viewer),
    loginProfile: settings.loginProfile,
    hideMarketingSms: settings.hide_marketing_sms,
    ficheSelected: existing !== undefined,
    antsMode: settings.profile.ants_group,
  });
  const merged = existing ? { ...presentFiche(existing), ...input } : input;
  const result = validateForm(shown, merged, { today, dateInput: 'iso' });
  if (!result.valid) {
    const fieldErrors = Object.fromEntries(Object.entries(result.errors).map(([name, e]) => [name, e.code]));
    throw errors.unprocessable('formStdError', { errors: fieldErrors });
  }
  const columns: Partial<repo.FicheColumns> = {};
  const custom: Record<string, unknown> = { ...(existing?.fields ?? {}) };
  for (const [name, value] of Object.entries(result.values)) {
    if ((COLUMN_FIELDS as readonly string[]).includes(name)) {
      (columns as Record<string, unknown>)[name] =
        typeof value === 'string' || typeof value === 'boolean'
          ? value
          : value == null
            ? null
            : String(value);
    } else {
      custom[name] = value;
    }
  }
  return { columns, custom };
}

/**
 * maxFiches: one more record the customer sees would pass the cap. The account row is locked first
 * (NO KEY UPDATE: bookings holding a KEY SHARE lock on it through a new record are not blocked), so
 * two records added at once are counted one after the other.
 */
async function refuseBeyondRecordsCap(db: Db, groupId: number, accountId: number): Promise<void> {
  await db.selectFrom('accounts').select('id').where('id', '=', accountId).forNoKeyUpdate().execute();
  if (!mayAddRecord(await repo.countVisibleAccountFiches(db, groupId, accountId)))
    throw errors.unprocessable('maxFiches', { max: MAX_FICHES_PER_ACCOUNT });
}

/** POST fiches: a logged-in caller creates a record, in its own transaction. */
export async function createFiche(scope: Scope, input: Record<string, unknown>) {
  const { ctx, viewer } = scope;
  if (viewer.type === 'anonymous') throw errors.expiredConnection();
  const fiche = await ctx.db.transaction().execute((trx) => createFicheRecord(scope, trx, input));
  return presentFiche(fiche);
}

/**
 * Creates a record for the viewer: a customer's own (with their account's e-mail), a professional's
 * caller, or a visitor booking without an account. Used by the fiche API and by booking.
 */
export async function createFicheRecord(
  scope: Scope,
  db: Db,
  input: Record<string, unknown>,
): Promise<FicheRow> {
  const { group, viewer, now } = scope;
  const { columns, custom } = await validatedFiche(scope, db, { input });
  let accountId: number | null = null;
  if (viewer.type === 'user' && viewer.accountId) {
    accountId = viewer.accountId;
    if (isVisibleRecord({ lastname: columns.lastname ?? '' }))
      await refuseBeyondRecordsCap(db, group.id, accountId);
    // The spec: a customer's new record carries the account's e-mail (empty for single sign-on).
    const account = await findAccountById(db, accountId);
    columns.email = account?.sso_subject ? null : (account?.email ?? null);
  }
  const email = columns.email ?? null;
  const firstphone = columns.firstphone ?? null;
  const fiche = await repo.insertFiche(db, {
    groupId: group.id,
    accountId,
    keys: personKeys({ email, firstphone }, group.settings.country),
    // Only the group's professionals make someone a customer of a closed group (docs/booking.md).
    origin: isProOf(viewer, group) ? 'group' : 'customer',
    columns: {
      firstname: columns.firstname ?? '',
      lastname: columns.lastname ?? '',
      email,
      firstphone,
      marketing_sms: columns.marketing_sms ?? false,
      solocal_services_optin: columns.solocal_services_optin ?? false,
    },
    fields: custom,
    now,
  });
  await emitCustomerCreated(scope, db, fiche);
  return fiche;
}

/** The fiche this viewer may change, or 404/403 (never revealing other customers' records). */
export async function fichesViewerMayEdit(
  { group, viewer }: Pick<Scope, 'group' | 'viewer'>,
  db: Db,
  ficheId: number,
): Promise<FicheRow> {
  if (viewer.type === 'anonymous') throw errors.expiredConnection();
  const fiche = await repo.findFiche(db, group.id, ficheId);
  const allowed =
    fiche !== undefined &&
    !fiche.deleted &&
    (isProOf(viewer, group) ||
      (viewer.type === 'user' && fiche.account_id !== null && fiche.account_id === viewer.accountId) ||
      ((viewer.type === 'fiche' || viewer.type === 'guest') && viewer.ficheId === fiche.id));
  if (!allowed) throw errors.notFound('ficheNotFound');
  return fiche;
}

export async function updateFicheRecord(scope: Scope, ficheId: number, input: Record<string, unknown>) {
  const { ctx, group } = scope;
  return ctx.db.transaction().execute(async (trx) => {
    const existing = await fichesViewerMayEdit(scope, trx, ficheId);
    const now = scope.now;
    const wantsDeletion = input.deleted === true;
    if (wantsDeletion) {
      return presentFiche(
        await repo.updateFiche(trx, group.id, ficheId, {
          columns: {},
          fields: existing.fields,
          deleted: true,
          now,
        }),
      );
    }
    const { columns, custom } = await validatedFiche(scope, trx, { input, existing });
    if (existing.account_id !== null) delete columns.email; // follows the account's e-mail
    // A hidden record made visible again (its "$" dropped) counts toward the cap from then on.
    if (
      existing.account_id !== null &&
      !isVisibleRecord(existing) &&
      isVisibleRecord({ lastname: columns.lastname ?? existing.lastname })
    )
      await refuseBeyondRecordsCap(trx, group.id, existing.account_id);
    const keys = personKeys({ ...existing, ...columns }, group.settings.country);
    return presentFiche(
      await repo.updateFiche(trx, group.id, ficheId, { columns, keys, fields: custom, now }),
    );
  });
}
