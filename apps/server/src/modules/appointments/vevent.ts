/**
 * The extra appointment-information form (spec 001 §2 "vevent", §3 vevent field names, §5): checked
 * with the shared form rules; str9 only in government-request mode; failures answer
 * v3_error.appointment.vevent with each field's key (spec 001 §8 "server error appended").
 */
import type { FormField, GroupSettings } from '@creneau/core/group-config/group-config.schema';
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
  const settings = group.settings as unknown as GroupSettings;
  const rows = await groupFormFields(ctx, db as Kysely<Database>, group);
  const fields = rows.filter((r) => r.form === 'vevent').map((r) => r.definition as unknown as FormField);
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
