/**
 * GET /v3/groups/{id}/appointments/{aptId}.ics?token= — the booking as an iCalendar file (spec 001
 * §7). A link rather than a call: the browser downloads it, so the token and the api key travel in
 * the query string.
 */
import { appConfig } from '../app/config.ts';
import { encodeQuery } from './client.ts';
import { getSessionToken } from './session-token.ts';

/** The download URL of an appointment's .ics file for the current session. */
export function appointmentIcsUrl(groupId: number, appointmentId: number): string {
  const query = encodeQuery({ apikey: appConfig.apiKey, token: getSessionToken() ?? undefined });
  return `${appConfig.apiBase}/api/v3/groups/${groupId}/appointments/${appointmentId}.ics?${query}`;
}
