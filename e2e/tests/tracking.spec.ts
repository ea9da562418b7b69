/**
 * Tracking (docs/requirements/booking-flow.md §1): page views on every route change to a tag manager or to the parent
 * window; the group's tools loaded by id from their hosts, never configured code
 * (docs/group-configuration.md "Tracking"); the visitor's refusal honoured; title and meta.
 */
import { expect, patchGroup, test } from '../support/fixtures.ts';

const pageViews = (page: import('@playwright/test').Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: { event: string; page_path: string }[] }).dataLayer ?? [])
      .filter((e) => e.event === 'pageview')
      .map((e) => e.page_path),
  );

test('a tag manager gets one page view per route', async ({ page }) => {
  await patchGroup(page, 'demo-salon', { tracking_type: 'gtm' });
  await page.goto('/demo-salon?locale=en');
  await expect(page).toHaveURL(/\/demo-salon\/home\?locale=en$/);
  await expect.poll(() => pageViews(page)).toEqual(['/demo-salon/home']);
  await page.getByTestId('header-map').click();
  await expect.poll(() => pageViews(page)).toEqual(['/demo-salon/home', '/demo-salon/map']);
  await page.getByTestId('map-back').click();
  await expect
    .poll(() => pageViews(page))
    .toEqual(['/demo-salon/home', '/demo-salon/map', '/demo-salon/home']);
});

test('without tracking configured nothing is sent', async ({ page }) => {
  await page.goto('/demo-salon/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await pageViews(page)).toEqual([]);
});

/** Serves a stand-in for a tool's script at its real address (the test machine has no internet). */
async function serveScript(page: import('@playwright/test').Page, url: string, code: string) {
  await page.route(url, (route) => route.fulfill({ contentType: 'application/javascript', body: code }));
}

const flag = (page: import('@playwright/test').Page, name: string) =>
  page.evaluate((key) => (window as unknown as Record<string, unknown>)[key], name);

test("a group's tag manager container loads from its host; configured code and inline script never run", async ({
  page,
}) => {
  await serveScript(page, 'https://www.googletagmanager.com/gtm.js?id=GTM-TEST123', 'window.__gtm = 1;');
  await serveScript(page, 'https://tags.example/evil.js', 'window.__otherHost = 1;');
  // What an old or tampered configuration could still hold: markup and script. The app ignores it.
  await patchGroup(page, 'demo-clinic', {
    tracking: { gtm_container_id: 'GTM-TEST123', ga_measurement_id: null },
    tracking_tags: [{ position: 'head', content: '<script>window.__tag = 1;</script>' }],
  });
  await page.goto('/demo-clinic');
  await expect(page.locator('head script[data-creneau-tracking="gtm"]')).toHaveCount(1);
  await expect.poll(() => flag(page, '__gtm')).toBe(1);
  expect(await flag(page, '__tag')).toBeUndefined();
  // The page's policy refuses inline script and scripts from any other host, whoever inserts them.
  await page.evaluate(() => {
    const inline = document.createElement('script');
    inline.textContent = 'window.__inline = 1;';
    document.head.appendChild(inline);
    const other = document.createElement('script');
    other.src = 'https://tags.example/evil.js';
    document.head.appendChild(other);
  });
  await page.waitForTimeout(300);
  expect(await flag(page, '__inline')).toBeUndefined();
  expect(await flag(page, '__otherHost')).toBeUndefined();
});

test('refusing measurement in the privacy choices stops page views and tools', async ({ page }) => {
  await serveScript(page, 'https://www.googletagmanager.com/gtm.js?id=GTM-TEST123', 'window.__gtm = 1;');
  await patchGroup(page, 'demo-salon', {
    tracking_type: 'gtm',
    tracking: { gtm_container_id: 'GTM-TEST123', ga_measurement_id: null },
  });
  await page.goto('/demo-salon/home?locale=en');
  const tool = page.locator('script[data-creneau-tracking]');
  await expect(tool).toHaveCount(1);
  await page.getByRole('button', { name: 'Privacy choices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your privacy choices' });
  const consent = dialog.getByRole('switch', { name: 'Audience measurement and advertising' });
  await expect(consent).toBeChecked();
  await consent.focus();
  await page.keyboard.press('Space');
  await expect(consent).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Save my choices' }).click();
  await expect(page.getByTestId('notification')).toContainText('Your choices have been saved.');
  await expect(tool).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByTestId('header-map').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Access' })).toBeVisible();
  expect(await pageViews(page)).toEqual([]);
  await expect(tool).toHaveCount(0);
});

test('title, description and keywords are built from the group', async ({ page }) => {
  await page.goto('/demo-clinic');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/MVZ Isarmedizin in München/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /MVZ Isarmedizin in München/,
  );
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute(
    'content',
    /MVZ Isarmedizin, München, demo-clinic/,
  );
});
