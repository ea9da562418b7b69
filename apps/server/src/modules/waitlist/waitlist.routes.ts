/** The waiting list's routes (docs/waitlist.md; contract: packages/contract endpoints/waitlist.ts). */
import * as contract from '@creneau/contract/endpoints/waitlist';
import type { AppContext } from '../../app-context.ts';
import { schemaOf } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/request-scope.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { joinWaitlist, leaveWaitlist } from './waitlist.service.ts';
import { confirmOffer, readOffer } from './waitlist-offer.service.ts';

export function registerWaitlistRoutes(app: ZodApp, _ctx: AppContext): void {
  app.post(
    contract.joinWaitlist.path,
    { schema: schemaOf(contract.joinWaitlist) },
    async (request, reply) => {
      const body = request.body;
      const scope = await scopeOf(request, request.params.id);
      const entry = await joinWaitlist(scope, {
        interventionId: body.intervention_id,
        calendarId: body.calendar_id,
        appointmentId: body.appointment_id,
        from: body.from,
        to: body.to,
        email: body.email,
        firstname: body.firstname,
        lastname: body.lastname,
        phone: body.phone,
        locale: body.locale,
        clientAddress: request.ip,
      });
      reply.status(201);
      return entry;
    },
  );

  app.post(contract.leaveWaitlist.path, { schema: schemaOf(contract.leaveWaitlist) }, async (request) =>
    leaveWaitlist(request.context, request.body.token),
  );

  app.post(contract.readOffer.path, { schema: schemaOf(contract.readOffer) }, async (request) =>
    readOffer(request.context, request.body.token),
  );

  app.post(contract.confirmOffer.path, { schema: schemaOf(contract.confirmOffer) }, async (request) =>
    confirmOffer(request.context, request.body.token, request.ip),
  );
}
