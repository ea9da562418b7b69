/**
 * The test fixture every browser test uses: a page that cannot reach the internet (map tiles,
 * fonts, pixels fail fast instead of waiting for DNS), plus helpers shared by the suites.
 */
import { test as base, expect, type Page, type Route } from '@playwright/test';

export const test = base.extend<{ noInternet: undefined }>({
  noInternet: [
    async ({ context, baseURL }, use) => {
      const own = new URL(baseURL!).host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // A pattern, not a function: Playwright then intercepts only the addresses it matches, and
      // the page's own requests go straight to the server instead of each waiting for this test
      // process (which, on a busy machine, cost whole seconds per page load).
      const elsewhere = new RegExp(
        `^(?:https?|wss?)://(?!(?:${own}|atelier-capucine\\.example(?::\\d+)?|localhost(?::\\d+)?)(?:[/?#]|$))`,
      );
      await context.route(elsewhere, (route) => route.abort('internetdisconnected'));
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect };

/** Rewrites a group's configuration as the API returns it (for cases the demo does not cover). */
export async function patchGroup(page: Page, urlname: string, patch: Record<string, unknown>) {
  await page.route(`**/api/v3/services/groups/${urlname}.json?**`, async (route: Route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, ...patch } });
  });
}

/** Answers the session check with a session (the sessions API is another issue's). */
export async function fakeSession(page: Page, session: Record<string, unknown>) {
  await page.route('**/api/v3/sessions/current.json?**', (route) =>
    route.fulfill({
      json: {
        logged: true,
        type: 'user',
        lastSignedAt: new Date().toISOString(),
        account: { id: 7, email: 'anne@example.com', cancel_apt: 0, export_apt: 0 },
        pro: null,
        groups: [],
        fiche_token: null,
        pro_token: null,
        sso_logged: false,
        needPasswordChange: false,
        pendingRdv: null,
        ...session,
      },
    }),
  );
  await page.route('**/api/v3/sessions/logout.json?**', (route) =>
    route.fulfill({ json: { logged: false } }),
  );
}

/** The value of a CSS custom property on the document. */
export function cssVar(page: Page, name: string) {
  return page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
}
