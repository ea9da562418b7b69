/** No horizontal overflow at any width from xs 320 to 1440 px (docs/requirements/booking-flow.md §9 breakpoints). */
import { expect, fakeSession, test } from '../support/fixtures.ts';

const WIDTHS = [320, 375, 550, 680, 768, 960, 1280, 1440];
const PAGES = [
  '/demo-salon/home',
  '/demo-salon/map',
  '/demo-townhall/book/interventionset_ids',
  '/demo-clinic/personal_data',
  '/not_found?locale=de',
];

test('pages fit every width without horizontal scrolling', async ({ page }) => {
  test.setTimeout(90_000);
  await fakeSession(page, {
    account: { id: 7, email: 'a.very.long.address@example-clinic.de', cancel_apt: 0, export_apt: 0 },
  });
  for (const url of PAGES) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${url} at ${width}px`).toBeLessThanOrEqual(0);
      const header = await page.getByTestId('header').boundingBox();
      if (header) expect(header.width, `${url} header at ${width}px`).toBeLessThanOrEqual(width);
    }
  }
});
