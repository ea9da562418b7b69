/**
 * Which API generation the web app speaks, and the translation to the legacy one (docs/api.md,
 * "Legacy generation"; docs/web-app.md). A group's `profile.use_api_v3` (default true) chooses:
 * with it off every call goes to the legacy path and answers come back in the legacy forms, and
 * changing an appointment is not offered (it exists only in v3). Call sites keep writing v3 paths
 * and shapes; the HTTP client asks this module where each call really goes, so the choice lives
 * here and nowhere else.
 */
import type { QueryParams } from './query-encoding.ts';

export type ApiGeneration = 'v3' | 'legacy';

interface GroupFlags {
  loginProfile?: string;
  profile?: { use_api_v3?: boolean } | undefined;
}

let current: ApiGeneration = 'v3';
/** Legacy lists appointments under account/ for account sessions, under fiche/ for the others. */
let listOwner: 'account' | 'fiche' = 'account';

/** The generation of a group: legacy only when the group says `use_api_v3: false`. */
export function generationOf(group: GroupFlags): ApiGeneration {
  return group.profile?.use_api_v3 === false ? 'legacy' : 'v3';
}

/** Follows the group of the current page (set as soon as its configuration is known). */
export function followGroupGeneration(group: GroupFlags): void {
  current = generationOf(group);
}

export function currentApiGeneration(): ApiGeneration {
  return current;
}

/**
 * Follows the kind of the current session: an account (or a professional), or a record's session
 * (an e-mail link, or the guest session a booking gives).
 */
export function followSessionKind(session: { type?: string | null; account?: { id?: number } | null }): void {
  listOwner = session.type === 'pro' || (session.account?.id ?? 0) > 0 ? 'account' : 'fiche';
}

/** Changing an appointment needs the v3 generation and an Account login profile (docs/api.md). */
export function canChangeAppointments(group: GroupFlags): boolean {
  return generationOf(group) === 'v3' && group.loginProfile === 'Account';
}

export interface RoutedCall {
  path: string;
  params: QueryParams;
  /** Include the api key (the legacy calendar link goes without it). */
  withApiKey: boolean;
  /** Turns the answer into the v3 shape the call site expects. */
  answer?: (body: unknown) => unknown;
}

const unwrapRecords = (body: unknown) =>
  body && typeof body === 'object' && Array.isArray((body as { records?: unknown }).records)
    ? (body as { records: unknown[] }).records
    : body;

const groupIdOfBody = (body: unknown): unknown =>
  (body as { appointment?: { group_id?: unknown } } | null)?.appointment?.group_id;

/**
 * Where a call written for v3 goes in the current generation. Calls with no legacy form (the group
 * configuration, host and shard look-ups, appointment change) keep their path.
 */
export function routeCall(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  params: QueryParams,
  body?: unknown,
  generation: ApiGeneration = current,
): RoutedCall {
  const routed = routeByGeneration(method, path, params, body, generation);
  // Every session check, whichever module makes it (start-up, login, e-mail link), tells which
  // legacy appointments list applies.
  if (method === 'GET' && path === '/v3/sessions/current.json') return { ...routed, answer: observeSession };
  return routed;
}

function observeSession(body: unknown): unknown {
  if (body && typeof body === 'object')
    followSessionKind(body as { type: string | null; account: { id: number } | null });
  return body;
}

function routeByGeneration(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  params: QueryParams,
  body: unknown,
  generation: ApiGeneration,
): RoutedCall {
  const same: RoutedCall = { path, params, withApiKey: true };
  if (generation === 'v3' || !path.startsWith('/v3/')) return same;
  const bare = path.slice('/v3'.length);
  if (method === 'GET' && bare === '/websites') {
    const { group_id, ...rest } = params;
    return { path: `/groups/${group_id}/websites`, params: rest, withApiKey: true };
  }
  if (method === 'POST' && bare === '/appointments')
    return { path: `/groups/${groupIdOfBody(body)}/appointments.json`, params, withApiKey: true };
  if (method === 'GET' && bare === '/appointments') {
    // Legacy lists every past appointment of the year; limit_past is v3's paging.
    const { limit_past: _limit, ...rest } = params;
    return { path: `/${listOwner}/appointments`, params: rest, withApiKey: true, answer: unwrapRecords };
  }
  if (method === 'POST' && /^\/groups\/\d+\/appointments\/batch_delete$/.test(bare))
    return { path: `${bare}.json`, params, withApiKey: true };
  if (method === 'GET' && /^\/groups\/\d+\/appointments\/\d+\.ics$/.test(bare))
    return { path: bare, params, withApiKey: false };
  if (/^\/(groups|sessions|accounts)(\/|$|\.)/.test(bare) && !bare.startsWith('/services/'))
    return { path: bare, params, withApiKey: true };
  return same;
}

/**
 * A legacy error answer (a list of `{errorCode, error, …details}`) in the v3 body shape, so the
 * code reading details (the group phone, the field errors) reads one shape.
 */
export function normalizeErrorBody(body: unknown): unknown {
  if (!Array.isArray(body)) return body;
  const first = body[0] as Record<string, unknown> | undefined;
  if (!first || typeof first !== 'object' || typeof first.error !== 'string') return body;
  return { ...first, message: first.error, messages: { errors: body.map((item) => item?.error ?? item) } };
}
