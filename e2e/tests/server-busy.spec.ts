/**
 * A busy server (docs/operations.md "Under overload"): the slot list is answered 503 with
 * Retry-After twice, then let through. The French page shows the polite banner in French with a
 * countdown — a status that takes no focus — then the slots arrive by themselves and the banner
 * leaves. axe while it shows; screenshots (SCREENSHOTS=1) on a phone and a desktop.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Route } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { checkPage } from './booking-helpers.ts';

test.describe.configure({ timeout: 120_000 });

// demo-salon: Léonie's women's cut (as slot-view.spec.ts).
const LEONIE = 23;
const WOMENS_CUT = 35;
const LOADED = { timeout: 45_000 };
const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots/tmp');

const BUSY = 'Beaucoup de personnes réservent en ce moment';

/** The seconds a countdown text shows; 0 once it says the call is being made again. */
const secondsIn = (text: string | null) => Number(/dans (\d+) s$/.exec(text ?? '')?.[1] ?? 0);

for (const width of [360, 1280]) {
  test(`at ${width} px the slots wait politely for a busy server and come by themselves`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    let refused = 0;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v3/groups/*/availabletimeslots?**', async (route: Route) => {
      if (refused < 2) {
        refused++;
        await route.fulfill({
          status: 503,
          headers: { 'retry-after': '2' },
          json: { message: 'serverBusy', messages: { errors: ['serverBusy'] }, retryAfter: 2 },
        });
        return;
      }
      // Held until the test has looked at the banner: the call is being made again meanwhile.
      await released;
      await route.continue();
    });

    await page.goto(`/demo-salon?intervention_ids=${WOMENS_CUT}&calendar_id=${LEONIE}&locale=fr`);
    const banner = page.getByTestId('busy-banner');
    const countdown = page.getByTestId('busy-countdown');
    await expect(countdown).toHaveText(new RegExp(`^${BUSY} — nouvel essai dans \\d+ s$`), LOADED);
    await expect(banner).toHaveAttribute('role', 'status');
    // A screen reader hears the same sentence once.
    await expect(banner.locator('.visually-hidden')).toHaveText(
      new RegExp(`^${BUSY} — nouvel essai dans \\d+ s$`),
    );
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: `${shots}/server-busy-countdown-${width}.png`, fullPage: true });

    // The countdown runs down.
    const first = secondsIn(await countdown.textContent());
    expect(first).toBeGreaterThanOrEqual(1);
    expect(first).toBeLessThanOrEqual(3);
    await expect
      .poll(async () => secondsIn(await countdown.textContent()), { timeout: 10_000 })
      .toBeLessThan(first);

    // Both refusals spent, the call is being made again (held by the test): the banner says so.
    await expect(countdown).toHaveText(`${BUSY} — nouvel essai en cours…`, { timeout: 15_000 });
    expect(refused).toBe(2);
    // It took no focus and holds nothing to focus.
    expect(await banner.evaluate((element) => element.contains(document.activeElement))).toBe(false);
    await expect(banner.locator('a, button, input, [tabindex]')).toHaveCount(0);
    await checkPage(page, 'server-busy');

    release();
    await expect(page.getByTestId('slot').first()).toBeVisible(LOADED);
    await expect(countdown).toHaveCount(0);
    await expect(banner).toHaveText('');
  });
}
