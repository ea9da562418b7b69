import { localDateIn } from '@creneau/core/time/time-zone';
import { validateForm } from '@creneau/core/validation/form-fields';
import { visibleFields } from '@creneau/core/validation/hidden-fields';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Database, GroupRow } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import { groupFormFields } from '../groups/groups.service.ts';
import type { Viewer } from '../sessions/viewer.ts';

export async function validateVevent(
  ctx: AppContext,
  db: Kysely<Database> | Transaction<Database>,
  group: GroupRow,
  viewer: Viewer,
  input: Record<string, unknown>,
  now: Date,
): Promise<Record<string, unknown>> {
  const settings = group.settings;
  const rows = await groupFormFields(ctx, db as Kysely<Database>, group);
  const fields = rows.filter((r) => r.form === 'vevent').map((r) => r.definition);
  if (fields.length === 0) return {};
  const shown = visibleFields(fields, {
    form: 'vevent',
    role: viewer.type === 'pro' ? 'pro' : viewer.type === 'anonymous' ? 'anonymous' : 'user',
    loginProfile: settings.loginProfile,
    hideMarketingSms: settings.hide_marketing_sms,
    ficheSelected: false,
    antsMode: settings.profile.ants_group,
  });
  const result = validateForm(shown, input, { today: localDateIn(now, settings.timezone), dateInput: 'iso' });
  if (!result.valid) {
    const fieldErrors = Object.fromEntries(Object.entries(result.errors).map(([name, e]) => [name, e.code]));
    throw errors.unprocessable('v3_error.appointment.vevent', { error: 'vevent', errors: fieldErrors });
  }
  return result.values;
}
