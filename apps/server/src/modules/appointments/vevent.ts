import { localDateIn } from '@creneau/core/time/time-zone';
import { validateForm } from '@creneau/core/validation/form-fields';
import { visibleFields } from '@creneau/core/validation/hidden-fields';
import type { Kysely, Transaction } from 'kysely';
import type { Scope } from '../../app-context.ts';
import type { Database } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import { groupFormFields } from '../groups/groups.service.ts';

/** The booking's own form (the appointment's extra fields) as this viewer sees it, checked on the group's today. */
export async function validateVevent(
  { ctx, group, viewer, now }: Scope,
  db: Kysely<Database> | Transaction<Database>,
  input: Record<string, unknown>,
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
