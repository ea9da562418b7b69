/**
 * The legacy API generation (v1/v2) as contract: each legacy path names the v3 endpoint whose
 * rules and request schemas it shares, and says only where its form differs — a path parameter
 * instead of a query one, a list wrapped in `records`, and errors as a list (docs/api.md,
 * "Legacy generation"). The server mounts these over the v3 handlers; its answers are checked
 * against them like the v3 ones.
 */
import { z } from 'zod';
import { type Endpoint, endpoint } from './endpoint.ts';
import * as accounts from './endpoints/accounts.ts';
import * as appointments from './endpoints/appointments.ts';
import * as availability from './endpoints/availability.ts';
import * as catalogue from './endpoints/catalogue.ts';
import * as fiches from './endpoints/fiches.ts';
import * as groups from './endpoints/groups.ts';
import * as sessions from './endpoints/sessions.ts';
import { commonQuery, dbId } from './params.ts';

/** A legacy error: a list of items with a numeric code and the key to translate. */
export const legacyErrorAnswer = z
  .array(
    z.looseObject({
      /** The code the error defines (10 for mintimeRDVError), otherwise the HTTP status. */
      errorCode: z.number().int(),
      /** The error key the client translates, or the readable sentence of a 400. */
      error: z.string(),
      /** The same key, under the name the legacy login answer used. */
      translate_key: z.string(),
    }),
  )
  .min(1);

export interface LegacyEndpoint extends Endpoint {
  /** The v3 endpoint whose handler, rules and request limits this path reuses. */
  v3: Endpoint;
}

interface Difference {
  params?: z.ZodType;
  querystring?: z.ZodType;
  /** The legacy form of the success answer, from the v3 one. */
  answer?: (v3Answer: z.ZodType) => z.ZodType;
}

function legacy<const V extends Endpoint>(v3: V, path: string, difference: Difference = {}): LegacyEndpoint {
  const answers = Object.fromEntries(
    Object.entries(v3.answers).map(([status, schema]) => [
      Number(status),
      difference.answer ? difference.answer(schema) : schema,
    ]),
  );
  return {
    ...endpoint({
      method: v3.method,
      path,
      summary: `${v3.summary} (legacy generation)`,
      description: `Legacy form of \`${v3.method} ${v3.path}\`. Errors are a list of \`{errorCode, error}\`.${
        v3.description ? ` ${v3.description}` : ''
      }`,
      tags: ['legacy (v1/v2)'],
      params: difference.params ?? v3.params,
      querystring: difference.querystring ?? v3.querystring,
      headers: v3.headers,
      body: v3.body,
      answers,
    }),
    v3,
  };
}

const groupParams = z.object({ id: dbId });
/** Legacy lists are objects with `records`; v3 answers the appointments list as a bare array. */
const inRecords = (list: z.ZodType) => z.object({ records: list });

/** Every legacy path, by the name the server's adapters use. */
export const legacyEndpoints = {
  // Catalogue, slots and home page.
  interventionsets: legacy(catalogue.listInterventionsets, '/api/groups/:id/interventionsets'),
  interventions: legacy(catalogue.listInterventions, '/api/groups/:id/interventions'),
  packInterventions: legacy(catalogue.listPackInterventions, '/api/groups/:id/pack_interventions'),
  calendarsets: legacy(catalogue.listCalendarsets, '/api/groups/:id/calendarsets'),
  calendars: legacy(catalogue.listCalendars, '/api/groups/:id/calendars'),
  slots: legacy(availability.listSlots, '/api/groups/:id/availabletimeslots'),
  website: legacy(groups.getWebsite, '/api/groups/:id/websites', {
    params: groupParams,
    querystring: z.object({ ...commonQuery }),
  }),
  proGroups: legacy(groups.listProGroups, '/api/groups'),
  // Sessions and accounts.
  currentSession: legacy(sessions.getCurrentSession, '/api/sessions/current.json'),
  login: legacy(sessions.login, '/api/sessions/login.json'),
  logout: legacy(sessions.logout, '/api/sessions/logout.json'),
  register: legacy(accounts.register, '/api/accounts.json'),
  forgotPassword: legacy(accounts.forgotPassword, '/api/accounts/forgotPassword.json'),
  setPassword: legacy(accounts.setPassword, '/api/accounts/:id.json'),
  changeEmail: legacy(accounts.changeEmail, '/api/accounts/:id/email.json'),
  // Records.
  listFiches: legacy(fiches.listFiches, '/api/groups/:id/fiches'),
  createFiche: legacy(fiches.createFiche, '/api/groups/:id/fiches'),
  updateFiche: legacy(fiches.updateFiche, '/api/groups/:id/fiches/:ficheId'),
  // Appointments: book, list, cancel, export. No change: that exists only in v3.
  takeAppointmentInGroup: legacy(appointments.takeAppointment, '/api/groups/:id/appointments.json', {
    params: groupParams,
  }),
  takeAppointmentV2: legacy(appointments.takeAppointment, '/api/v2/appointments'),
  accountAppointments: legacy(appointments.listAppointments, '/api/account/appointments', {
    answer: inRecords,
  }),
  ficheAppointments: legacy(appointments.listAppointments, '/api/fiche/appointments', { answer: inRecords }),
  cancelAppointments: legacy(
    appointments.cancelAppointments,
    '/api/groups/:id/appointments/batch_delete.json',
  ),
  appointmentCalendarFile: legacy(
    appointments.appointmentCalendarFile,
    '/api/groups/:id/appointments/:aptId.ics',
  ),
} satisfies Record<string, LegacyEndpoint>;

export type LegacyEndpointName = keyof typeof legacyEndpoints;
