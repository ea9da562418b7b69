/**
 * The API answers every page of a group waits for before it draws anything but the skeleton —
 * the group's configuration and the visitor's session, and on the mini-site's home page its
 * website (the photos, texts and map of the page) — written into the page's first HTML
 * (docs/web-app.md "First paint"). Without them the app asks for both only once its entry script
 * has run, and the page's largest paint waits one more round trip. The answers come from the API
 * itself (an in-process request through the same routes, hooks and serializers), so they are the
 * very bytes the app would have been sent; the app takes each one once
 * (apps/web/src/api/early-answers.ts).
 */

import { EARLY_ANSWERS_ELEMENT_ID, earlyAnswerKey } from '@creneau/contract/early-answers';
import { API_PREFIX, pathOf } from '@creneau/contract/request-path';
import * as routes from '@creneau/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The query every call of the app carries besides its api key (api/client.ts). */
const COMMON_QUERY = { results: 'all' } as const;

/** Only an answer that says nobody is logged in: no one's personal data goes into a page. */
const isAnonymousSession = (body: unknown) => (body as { logged?: unknown } | null)?.logged === false;

const always = (_: unknown) => true;

/** The group of the page, and whether the page is (most likely) its mini-site's home. */
export interface AnsweredPage {
  groupId: number;
  urlname: string;
  home: boolean;
}

/**
 * The `<script type="application/json">` element with the answers for a page of a group, or ''
 * when none could be had. A call that fails (an overloaded server, a group gone since) is left
 * out: the app then asks for it as usual.
 */
export async function earlyAnswersElement(
  app: FastifyInstance,
  request: FastifyRequest,
  page: AnsweredPage,
  apiKey: string | undefined,
): Promise<string> {
  if (!apiKey) return '';
  const calls: { path: string; query?: Record<string, string>; keep: (body: unknown) => boolean }[] = [
    { path: pathOf(routes.groups.getGroup, { urlname: page.urlname }), keep: always },
    // Asked with the visitor's cookies, as the app's own call is (credentials: 'include').
    { path: pathOf(routes.sessions.getCurrentSession), keep: isAnonymousSession },
  ];
  if (page.home) {
    calls.push({
      path: pathOf(routes.groups.getWebsite),
      query: { group_id: String(page.groupId) },
      keep: always,
    });
  }
  const answers: Record<string, unknown> = {};
  await Promise.all(
    calls.map(async ({ path, query: own, keep }) => {
      const query = new URLSearchParams({ apikey: apiKey, ...COMMON_QUERY, ...own });
      const response = await app.inject({
        method: 'GET',
        url: `${API_PREFIX}${path}?${query}`,
        headers: {
          accept: 'application/json',
          ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        },
      });
      if (response.statusCode !== 200) return;
      const body: unknown = response.json();
      if (keep(body)) answers[earlyAnswerKey(path, query)] = body;
    }),
  );
  if (Object.keys(answers).length === 0) return '';
  // `<` escaped so that no text in an answer can close the element.
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${EARLY_ANSWERS_ELEMENT_ID}">${json}</script>`;
}
