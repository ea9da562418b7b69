/**
 * Tracking (spec 000 §1): page views on every route change to a tag manager or to the parent
 * window; the group's tags at their positions; the visitor's refusal honoured; title and meta.
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

test("the group's tracking tags are inserted at their positions and run", async ({ page }) => {
  await patchGroup(page, 'demo-clinic', {
    tracking_tags: [
      {
        position: 'head',
        content: '<meta name="x-tracking" content="head"><script>window.__tag = 1;</script>',
      },
      { position: 'body_start', content: '<div id="tag-start" hidden></div>' },
      { position: 'body_end', content: '<div id="tag-end" hidden></div>' },
    ],
  });
  await page.goto('/demo-clinic');
  await expect(page.locator('head meta[name="x-tracking"]')).toHaveAttribute('content', 'head');
  await expect(page.locator('head script[data-creneau-tag="head"]')).toHaveCount(1);
  // The page's content security policy trusts scripts the app inserts ('strict-dynamic'): the tag runs.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __tag?: number }).__tag)).toBe(1);
  expect(await page.evaluate(() => document.body.firstElementChild?.id)).toBe('tag-start');
  expect(await page.evaluate(() => document.body.lastElementChild?.id)).toBe('tag-end');
});

test('refusing measurement in the privacy choices stops page views and tags', async ({ page }) => {
  await patchGroup(page, 'demo-salon', {
    tracking_type: 'gtm',
    tracking_tags: [{ position: 'body_end', content: '<div id="tag-end" hidden></div>' }],
  });
  await page.goto('/demo-salon/home?locale=en');
  await expect(page.locator('#tag-end')).toHaveCount(1);
  await page.getByRole('button', { name: 'Privacy choices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your privacy choices' });
  const consent = dialog.getByRole('switch', { name: 'Audience measurement and advertising' });
  await expect(consent).toBeChecked();
  await consent.focus();
  await page.keyboard.press('Space');
  await expect(consent).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Save my choices' }).click();
  await expect(page.getByTestId('notification')).toContainText('Your choices have been saved.');
  await expect(page.locator('#tag-end')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByTestId('header-map').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Access' })).toBeVisible();
  expect(await pageViews(page)).toEqual([]);
  await expect(page.locator('#tag-end')).toHaveCount(0);
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
