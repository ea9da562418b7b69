/**
 * A busy server (docs/operations.md "Under overload"): the slot list is answered 503 with
 * Retry-After twice, then let through. The French page shows the polite banner in French with a
 * countdown — a status that takes no focus — then the slots arrive by themselves and the banner
 * leaves. axe while it shows; screenshots (SCREENSHOTS=1) on a phone and a desktop. A booking
 * answered busy is sent again with the same Idempotency-Key, and what was typed stays meanwhile.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Route } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { checkPage, dayAhead, fill, firstDayOfSlots, groupOf, pickSlot } from './booking-helpers.ts';

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

test('a booking answered busy is sent again with its Idempotency-Key, and what was typed stays', async ({
  page,
  request,
}) => {
  const group = await groupOf(request, 'demo-salon');
  await page.setViewportSize({ width: 1280, height: 900 });
  const { day, slots } = await firstDayOfSlots(request, group.id, {
    start: dayAhead(11),
    appointments: [{ intervention_id: WOMENS_CUT }],
    calendar_id: LEONIE,
  });
  const slot = slots.at(-1)!;
  const keys: (string | undefined)[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v3/appointments?**', async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length === 1) {
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '1' },
        json: { message: 'serverBusy', messages: { errors: ['serverBusy'] }, retryAfter: 1 },
      });
      return;
    }
    await released;
    await route.continue();
  });

  await page.goto(`/demo-salon?intervention_ids=${WOMENS_CUT}&calendar_id=${LEONIE}&date=${day}&locale=fr`);
  await pickSlot(page, slot);
  const typed = {
    firstname: 'Maëlle',
    lastname: 'Perrin',
    email: 'maelle.perrin@example.com',
    firstphone: '0633445566',
  };
  await fill(page, 'fiche', typed);
  const url = page.url();
  await page.getByTestId('book-submit').click();

  const countdown = page.getByTestId('busy-countdown');
  await expect(countdown).toHaveText(new RegExp(`^${BUSY}`), LOADED);
  // The retry is held by the test: the page has not moved and nothing typed is lost.
  await expect.poll(() => keys.length, { timeout: 15_000 }).toBe(2);
  expect(page.url()).toBe(url);
  for (const [name, value] of Object.entries(typed))
    await expect(page.getByTestId(`fiche-${name}`)).toHaveValue(value);
  expect(keys[0], 'the booking carries an Idempotency-Key').toBeTruthy();
  expect(keys[1]).toBe(keys[0]);

  release();
  await expect(page).toHaveURL(/\/book\/confirm/, LOADED);
  await expect(page.getByTestId('confirmation')).toContainText('Maëlle Perrin');
  await expect(countdown).toHaveCount(0);
  expect(keys).toHaveLength(2);

  // Leave the shared demo data as it was.
  await page.getByTestId('confirm-cancel').click();
  await page.getByTestId('cancel-yes').click();
  await expect(page).toHaveURL(/\/book\/interventionset_ids|\/demo-salon/);
});
