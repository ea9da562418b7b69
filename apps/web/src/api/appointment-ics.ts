/**
 * GET /v3/groups/{id}/appointments/{aptId}.ics?token= — the booking as an iCalendar file (docs/requirements/accounts-and-appointments.md
 * §7). A link rather than a call: the browser downloads it, so the token and the api key travel in
 * the query string (the legacy link carries the token alone, see api-generation.ts).
 */
import { pathOf } from '@creneau/contract/request-path';
import * as routes from '@creneau/contract/routes';
import { appConfig } from '../lib/config.ts';
import { routeCall } from './api-generation.ts';
import { encodeQuery } from './query-encoding.ts';
import { getSessionToken } from './session-token.ts';

/** The download URL of an appointment's .ics file for the current session. */
export function appointmentIcsUrl(groupId: number, appointmentId: number): string {
  const path = pathOf(routes.appointments.appointmentCalendarFile, { id: groupId, aptId: appointmentId });
  const routed = routeCall('GET', path, {});
  const query = encodeQuery({
    apikey: routed.withApiKey ? appConfig.apiKey : undefined,
    token: getSessionToken() ?? undefined,
  });
  return `${appConfig.apiBase}/api${routed.path}?${query}`;
}
