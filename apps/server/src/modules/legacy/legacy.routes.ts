/**
 * The legacy API generation (v1/v2): the paths and answer forms older integrations were written
 * against, mounted as thin routes over the v3 handlers (docs/api.md, "Legacy generation"). Each
 * entry names the v3 route it reuses and says only how the request or the answer differs; every
 * rule, query and input limit stays in the v3 route and its service.
 *
 * Both generations answer for every group. A group's `profile.use_api_v3` tells its clients which
 * one to call (the web app follows it); changing an appointment exists only in v3 and stays
 * refused for a legacy group by the change service.
 */

import { commonQuery, dbId } from '@creneau/contract/params';
import type { FastifyReply, FastifyRequest, FastifySchema, RouteHandlerMethod } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { registerAccountRoutes } from '../accounts/accounts.routes.ts';
import { registerAppointmentRoutes } from '../appointments/appointments.routes.ts';
import { registerSessionRoutes } from '../auth/auth.routes.ts';
import { registerAvailabilityRoutes } from '../availability/availability.routes.ts';
import { registerCatalogueRoutes } from '../catalogue/catalogue.routes.ts';
import { registerFicheRoutes } from '../fiches/fiches.routes.ts';
import { registerProRoutes } from '../pros/pros.routes.ts';
import { registerWebsiteRoutes } from '../websites/websites.routes.ts';
import { useLegacyErrorForm } from './legacy-errors.ts';
import { type CapturedRoute, captureRoutes, findRoute, type HttpMethod } from './route-capture.ts';

/** Past appointments in a legacy list: everything one year back (v3 pages them with limit_past). */
const LEGACY_PAST_LIMIT = 100;

type Loose = Record<string, unknown>;

interface LegacyRoute {
  method: HttpMethod;
  /** The legacy path. */
  path: string;
  /** The v3 route whose handler and checks it reuses. */
  v3: string;
  /** Schema parts that differ from the v3 route's (path parameters, a query without group_id). */
  schema?: Partial<FastifySchema>;
  /** Before validation: fills what the legacy form leaves implicit (e.g. the group from the path). */
  fill?: (request: FastifyRequest) => void;
  /** After validation: turns the legacy request into the v3 one the handler reads. */
  adapt?: (request: FastifyRequest) => void;
  /** Turns the v3 answer into the legacy answer form. */
  answer?: (v3Answer: unknown) => unknown;
  /** An .ics link opened from a calendar or a mail: the session token is enough, no api key. */
  withoutApiKey?: boolean;
}

const groupParams = z.object({ id: dbId });
const loose = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});

/** Legacy lists are objects with `records`; v3 answers the appointments list as a bare array. */
const asRecords = (answer: unknown) => (Array.isArray(answer) ? { records: answer } : answer);

/** The caller's appointments; both legacy paths answer the same, for whatever session calls. */
const appointmentList = (path: string): LegacyRoute => ({
  method: 'GET',
  path,
  v3: '/api/v3/appointments',
  adapt: (request) => {
    const query = request.query as Loose;
    query.limit_past ??= LEGACY_PAST_LIMIT;
  },
  answer: asRecords,
});

const catalogueList = (list: string): LegacyRoute => ({
  method: 'GET',
  path: `/api/groups/:id/${list}`,
  v3: `/api/v3/groups/:id/${list}`,
});

export const LEGACY_ROUTES: readonly LegacyRoute[] = [
  // Catalogue, slots and home page.
  ...['interventionsets', 'interventions', 'pack_interventions', 'calendarsets', 'calendars'].map(
    catalogueList,
  ),
  { method: 'GET', path: '/api/groups/:id/availabletimeslots', v3: '/api/v3/groups/:id/availabletimeslots' },
  {
    method: 'GET',
    path: '/api/groups/:id/websites',
    v3: '/api/v3/websites',
    schema: { params: groupParams, querystring: z.object({ ...commonQuery }) },
    adapt: (request) => {
      (request.query as Loose).group_id = (request.params as { id: number }).id;
    },
  },
  { method: 'GET', path: '/api/groups', v3: '/api/v3/groups' },
  // Sessions and accounts.
  { method: 'GET', path: '/api/sessions/current.json', v3: '/api/v3/sessions/current.json' },
  { method: 'POST', path: '/api/sessions/login.json', v3: '/api/v3/sessions/login.json' },
  { method: 'POST', path: '/api/sessions/logout.json', v3: '/api/v3/sessions/logout.json' },
  { method: 'POST', path: '/api/accounts.json', v3: '/api/v3/accounts.json' },
  { method: 'POST', path: '/api/accounts/forgotPassword.json', v3: '/api/v3/accounts/forgotPassword.json' },
  { method: 'PUT', path: '/api/accounts/:id.json', v3: '/api/v3/accounts/:id.json' },
  { method: 'PUT', path: '/api/accounts/:id/email.json', v3: '/api/v3/accounts/:id/email.json' },
  // Records.
  { method: 'GET', path: '/api/groups/:id/fiches', v3: '/api/v3/groups/:id/fiches' },
  { method: 'POST', path: '/api/groups/:id/fiches', v3: '/api/v3/groups/:id/fiches' },
  { method: 'PUT', path: '/api/groups/:id/fiches/:ficheId', v3: '/api/v3/groups/:id/fiches/:ficheId' },
  // Appointments: book, list, cancel, export. No change: that exists only in v3.
  {
    method: 'POST',
    path: '/api/groups/:id/appointments.json',
    v3: '/api/v3/appointments',
    schema: { params: groupParams },
    fill: (request) => {
      const appointment = loose(loose(request.body).appointment);
      if (loose(request.body).appointment && appointment.group_id === undefined)
        appointment.group_id = (request.params as Loose).id;
    },
    adapt: (request) => {
      const groupId = (request.params as { id: number }).id;
      const appointment = loose(loose(request.body).appointment);
      if (appointment.group_id !== groupId)
        throw errors.badRequest(
          'Invalid body parameter "appointment.group_id": must be the group of the path',
        );
    },
  },
  // The v2 form of the same booking: the group in the body, as in v3.
  { method: 'POST', path: '/api/v2/appointments', v3: '/api/v3/appointments' },
  appointmentList('/api/account/appointments'),
  appointmentList('/api/fiche/appointments'),
  {
    method: 'POST',
    path: '/api/groups/:id/appointments/batch_delete.json',
    v3: '/api/v3/groups/:id/appointments/batch_delete',
  },
  {
    method: 'GET',
    path: '/api/groups/:id/appointments/:aptId.ics',
    v3: '/api/v3/groups/:id/appointments/:aptId.ics',
    withoutApiKey: true,
  },
];

function legacySchema(v3: CapturedRoute, route: LegacyRoute) {
  const summary = v3.schema.summary ?? `${route.method} ${route.path}`;
  // The legacy answers have their own forms (lists as `records`, errors as a list), so the v3
  // answers are not declared for them.
  const { response: _v3Answers, ...request } = v3.schema;
  return {
    ...request,
    ...route.schema,
    summary: `${summary} (legacy generation)`,
    description: `Legacy form of \`${route.method} ${route.v3}\`. Errors are a list of \`{errorCode, error}\`.${
      v3.schema.description ? ` ${v3.schema.description}` : ''
    }`,
    tags: ['legacy (v1/v2)'],
  };
}

function legacyHandler(v3: CapturedRoute, route: LegacyRoute): RouteHandlerMethod {
  return async function legacy(this: unknown, request: FastifyRequest, reply: FastifyReply) {
    route.adapt?.(request);
    const answer = await (v3.handler as (r: FastifyRequest, p: FastifyReply) => unknown).call(
      this,
      request,
      reply,
    );
    if (answer === reply) return reply;
    return route.answer ? route.answer(answer) : answer;
  } as RouteHandlerMethod;
}

/** Mounts the legacy generation; call after the v3 routes (their definitions are reused). */
export async function registerLegacyRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const v3Routes = captureRoutes(ctx, [
    registerCatalogueRoutes,
    registerAvailabilityRoutes,
    registerWebsiteRoutes,
    registerProRoutes,
    registerSessionRoutes,
    registerAccountRoutes,
    registerFicheRoutes,
    registerAppointmentRoutes,
  ]);
  await app.register(async (scope) => {
    useLegacyErrorForm(scope);
    for (const route of LEGACY_ROUTES) {
      const v3 = findRoute(v3Routes, route.method, route.v3);
      scope.route({
        method: route.method,
        url: route.path,
        schema: legacySchema(v3, route),
        config: { apiKeyOptional: route.withoutApiKey === true },
        ...(route.fill ? { preValidation: async (request: FastifyRequest) => route.fill?.(request) } : {}),
        handler: legacyHandler(v3, route),
      });
    }
  });
}
