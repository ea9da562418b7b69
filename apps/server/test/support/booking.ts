/** Helpers for booking tests: read slots and book them through the real API. */
import { call, type JsonResponse } from './accounts.ts';
import type { TestApp } from './test-app.ts';

export async function idsByExternid(t: TestApp, groupId: number): Promise<Record<string, number>> {
  const [services, packs, calendars] = await Promise.all(
    ['interventions', 'pack_interventions', 'calendars'].map((kind) =>
      call(t, 'GET', `/api/v3/groups/${groupId}/${kind}`),
    ),
  );
  const map: Record<string, number> = {};
  for (const response of [services!, packs!, calendars!]) {
    for (const record of response.body.records as { id: number; externid: string }[])
      map[record.externid] = record.id;
  }
  return map;
}

export async function slots(
  t: TestApp,
  groupId: number,
  params: string,
  token?: string,
): Promise<JsonResponse> {
  return call(t, 'GET', `/api/v3/groups/${groupId}/availabletimeslots?${params}`, { token: token ?? null });
}

export function newFiche(firstname = 'Léa', extra: Record<string, unknown> = {}) {
  return {
    firstname,
    lastname: 'Martin',
    email: `${firstname
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '')}@example.com`,
    ...extra,
  };
}

export async function book(
  t: TestApp,
  appointment: Record<string, unknown>,
  options: { token?: string | null; key?: string; withToken?: boolean; ip?: string } = {},
): Promise<JsonResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v3/appointments?apikey=test-key${options.token ? `&token=${options.token}` : ''}`,
    payload: {
      appointment: { from_web: 1, ...appointment },
      ...(options.withToken ? { with_token: true } : {}),
    },
    headers: options.key ? { 'idempotency-key': options.key } : {},
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}
