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

import { ERROR_STATUSES } from '@creneau/contract/endpoint';
import {
  type LegacyEndpoint,
  type LegacyEndpointName,
  legacyEndpoints,
  legacyErrorAnswer,
} from '@creneau/contract/legacy';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { KeptGroupRows } from '../../caching/group-rows.ts';
import { errors } from '../../errors/domain-error.ts';
import { requestSchemaOf } from '../../http/contract-route.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { registerAccountRoutes } from '../accounts/accounts.routes.ts';
import { registerAppointmentRoutes } from '../appointments/appointments.routes.ts';
import { registerSessionRoutes } from '../auth/auth.routes.ts';
import { registerAvailabilityRoutes } from '../availability/availability.routes.ts';
import type { SlotAnswerCache } from '../availability/slot-answer-cache.ts';
import { registerCatalogueRoutes } from '../catalogue/catalogue.routes.ts';
import { registerFicheRoutes } from '../fiches/fiches.routes.ts';
import { registerProRoutes } from '../pros/pros.routes.ts';
import { registerWebsiteRoutes } from '../websites/websites.routes.ts';
import { useLegacyErrorForm } from './legacy-errors.ts';
import { type CapturedRoute, captureRoutes, findRoute } from './route-capture.ts';

/** Past appointments in a legacy list: everything one year back (v3 pages them with limit_past). */
const LEGACY_PAST_LIMIT = 100;

type Loose = Record<string, unknown>;

/** How a legacy request or answer differs at run time from its v3 route's. */
interface Adapter {
  /** Before validation: fills what the legacy form leaves implicit (e.g. the group from the path). */
  fill?: (request: FastifyRequest) => void;
  /** After validation: turns the legacy request into the v3 one the handler reads. */
  adapt?: (request: FastifyRequest) => void;
  /** Turns the v3 answer into the legacy answer form. */
  answer?: (v3Answer: unknown) => unknown;
  /** An .ics link opened from a calendar or a mail: the session token is enough, no api key. */
  withoutApiKey?: boolean;
}

const loose = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});

/** The caller's appointments; both legacy paths answer the same, for whatever session calls. */
const appointmentList: Adapter = {
  adapt: (request) => {
    const query = request.query as Loose;
    query.limit_past ??= LEGACY_PAST_LIMIT;
  },
  answer: (answer) => (Array.isArray(answer) ? { records: answer } : answer),
};

/** The adapters of the legacy paths that differ from their v3 route by more than the path. */
export const LEGACY_ADAPTERS: Partial<Record<LegacyEndpointName, Adapter>> = {
  website: {
    adapt: (request) => {
      (request.query as Loose).group_id = (request.params as { id: number }).id;
    },
  },
  takeAppointmentInGroup: {
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
  accountAppointments: appointmentList,
  ficheAppointments: appointmentList,
  appointmentCalendarFile: { withoutApiKey: true },
};

/** The Fastify schema of a legacy endpoint: its request parts, its answers, the legacy error list. */
function legacySchema(endpoint: LegacyEndpoint) {
  const errors = Object.fromEntries(ERROR_STATUSES.map((status) => [status, legacyErrorAnswer]));
  return { ...requestSchemaOf(endpoint), response: { ...errors, ...endpoint.answers } };
}

function legacyHandler(v3: CapturedRoute, adapter: Adapter): RouteHandlerMethod {
  return async function legacy(this: unknown, request: FastifyRequest, reply: FastifyReply) {
    adapter.adapt?.(request);
    const answer = await (v3.handler as (r: FastifyRequest, p: FastifyReply) => unknown).call(
      this,
      request,
      reply,
    );
    if (answer === reply) return reply;
    return adapter.answer ? adapter.answer(answer) : answer;
  } as RouteHandlerMethod;
}

/** Mounts the legacy generation; call after the v3 routes (their definitions are reused). */
export async function registerLegacyRoutes(
  app: ZodApp,
  ctx: AppContext,
  kept: { slotAnswers: SlotAnswerCache; groupRows: KeptGroupRows },
): Promise<void> {
  const v3Routes = captureRoutes(ctx, [
    registerCatalogueRoutes,
    (v3) => registerAvailabilityRoutes(v3, kept),
    registerWebsiteRoutes,
    registerProRoutes,
    registerSessionRoutes,
    registerAccountRoutes,
    registerFicheRoutes,
    registerAppointmentRoutes,
  ]);
  await app.register(async (scope) => {
    useLegacyErrorForm(scope);
    for (const [name, endpoint] of Object.entries(legacyEndpoints)) {
      const adapter = LEGACY_ADAPTERS[name as LegacyEndpointName] ?? {};
      const v3 = findRoute(v3Routes, endpoint.v3.method, endpoint.v3.path);
      scope.route({
        method: endpoint.method,
        url: endpoint.path,
        schema: legacySchema(endpoint),
        config: { apiKeyOptional: adapter.withoutApiKey === true },
        ...(adapter.fill
          ? { preValidation: async (request: FastifyRequest) => adapter.fill?.(request) }
          : {}),
        handler: legacyHandler(v3, adapter),
      });
    }
  });
}
