/**
 * The owner's theme (docs/group-configuration.md "Display", docs/back-office.md "Images"): the owner
 * uploads a logo (a PNG made here), changes the main colour by keyboard — a pale yellow first, which
 * the contrast warning flags, then a dark green — and the preview wears each colour before any
 * save; after the save the public booking page wears the colour and shows the uploaded logo, served
 * for a year. The configuration is restored to the version before afterwards, under the lock the
 * other configuration writers hold. Axe at 1280 and 768, no overflow at 390, screenshots.
 */
import { WRITES_CONFIGURATION, withConfigurationLock } from '../support/configuration-lock.ts';
import { cssVar, expect, test } from '../support/fixtures.ts';
import { pngImage } from '../support/png-image.ts';
import { shot } from './account-support.ts';
import { checkLayouts, configurationCall, OWNER, openAdminAs, restoreVersion } from './admin-support.ts';

/** A 300×100 PNG: a green bar and a ring on transparency, a logo's proportions. */
const logoPng = () =>
  pngImage(300, 100, (x, y) =>
    Math.abs(Math.hypot(x - 50, y - 50) - 32) < 8 || (x > 110 && x < 280 && y > 38 && y < 62)
      ? [20, 110, 80, 255]
      : null,
  );

interface Configuration {
  version: number;
}

test.describe('back office: theme', () => {
  test('the owner uploads a logo and picks the main colour, previewed live, then worn by the booking page', {
    tag: WRITES_CONFIGURATION,
  }, async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    await openAdminAs(page, OWNER);
    await withConfigurationLock(async () => {
      const before = await configurationCall<Configuration>(page, 'GET');
      try {
        await page.getByTestId('admin-nav-settings').click();
        await page.getByTestId('settings-tab-theme').focus();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/demo-salon\/admin\/settings\/theme\?locale=en$/);
        await expect(page.getByTestId('settings-tab-theme')).toHaveAttribute('aria-current', 'page');
        const preview = page.getByTestId('theme-preview');
        // The salon's own header, as the booking page wears it.
        await expect(page.getByTestId('theme-preview-header')).toHaveCSS(
          'background-color',
          'rgb(46, 42, 39)',
        );

        // ---- The logo, uploaded at once; the preview shows it.
        await page.getByTestId('theme-logo-file').setInputFiles({
          name: 'logo.png',
          mimeType: 'image/png',
          buffer: logoPng(),
        });
        await expect(page.getByTestId('theme-logo-status')).toHaveText(
          'Logo uploaded. Save to show it on your pages.',
        );
        const logo = preview.getByTestId('theme-preview-logo');
        await expect(logo).toHaveAttribute('src', /^\/api\/v3\/groups\/\d+\/images\/[0-9a-f]{32}-logo\.png$/);
        const logoUrl = (await logo.getAttribute('src')) as string;
        const served = await request.get(logoUrl);
        expect(served.status()).toBe(200);
        expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers()['content-type']).toBe('image/png');

        // ---- The main colour by keyboard: a pale yellow is flagged, a dark green is not.
        const main = page.getByRole('textbox', { name: 'Main colour', exact: true });
        await main.focus();
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type('ffd400');
        const button = page.getByTestId('theme-preview-button');
        const warning = page.locator('[data-testid="theme-contrast-warning"][data-pair="primary"]');
        await expect(warning).toHaveText(/^Main colour on the page background: 1\.\d:1\.$/);
        await checkLayouts(page, 'settings theme');
        await main.focus();
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type('#1f6f5c');
        await expect(button).toHaveCSS('background-color', 'rgb(31, 111, 92)');
        await expect(button).toHaveCSS('color', 'rgb(255, 255, 255)');
        await expect(warning).toHaveCount(0);
        await expect(page.getByTestId('theme-primary-swatch')).toHaveValue('#1f6f5c');
        // Nothing is saved yet: the public page still wears the salon's terracotta.
        expect((await configurationCall<Configuration>(page, 'GET')).version).toBe(before.version);
        await shot(page, 'admin-settings-theme-edited');

        await page.keyboard.press('Enter');
        const saved = page.getByTestId('settings-saved');
        await expect(saved).toContainText(`Saved as version ${before.version + 1}.`);
        await expect(
          saved.getByTestId('settings-change').filter({ hasText: 'settings.logo_url' }),
        ).toHaveCount(1);

        // ---- The visitor's booking page wears the colour and shows the logo.
        const visitor = await browser.newPage();
        await visitor.goto('/demo-salon/book/intervention_ids?locale=en');
        await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await cssVar(visitor, '--body-primary')).toBe('#1F6F5C');
        const headerLogo = visitor.getByTestId('header').locator('img').first();
        await expect(headerLogo).toHaveAttribute('src', logoUrl);
        await expect
          .poll(() => headerLogo.evaluate((image: HTMLImageElement) => image.naturalHeight))
          .toBe(100);
        await shot(visitor, 'admin-settings-theme-booking-page');
        await visitor.close();
      } finally {
        // Whatever happened above, the configuration goes back to the version before.
        await restoreVersion(page, before.version);
      }
    });
  });
});
