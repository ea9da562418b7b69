import * as contract from '@creneau/contract/endpoints/reminders';
import type { AppContext } from '../../app-context.ts';
import { schemaOf } from '../../http/contract-route.ts';
import { callScopeOf } from '../../http/request-scope.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { setReminderOptOut } from './reminders.service.ts';

export function registerReminderRoutes(app: ZodApp, _ctx: AppContext): void {
  app.post(
    contract.setReminderOptOut.path,
    { schema: schemaOf(contract.setReminderOptOut) },
    async (request) => setReminderOptOut(callScopeOf(request), request.body),
  );
}
