/**
 * The owner's theme (docs/group-configuration.md "Display", docs/back-office.md "Images"): the owner
 * uploads a logo (a PNG made here), changes the main colour by keyboard — a pale yellow first, which
 * the contrast warning flags, then a dark green — and the preview wears each colour before any
 * save; after the save the public booking page wears the colour and shows the uploaded logo, served
 * for a year. The configuration is restored to the version before afterwards, under the lock the
 * other configuration writers hold. Axe at 1280 and 768, no overflow at 390, screenshots.
 */
import { deflateSync } from 'node:zlib';
import { withConfigurationLock } from '../support/configuration-lock.ts';
import { cssVar, expect, test } from '../support/fixtures.ts';
import { shot } from './account-support.ts';
import { checkLayouts, configurationCall, logInToAdmin, OWNER, restoreVersion } from './admin-support.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 300×100 RGBA PNG: a green bar and a ring on transparency, a logo's proportions. */
function logoPng(width = 300, height = 100): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x += 1) {
      const ring = Math.abs(Math.hypot(x - 50, y - 50) - 32) < 8;
      const bar = x > 110 && x < 280 && y > 38 && y < 62;
      if (ring || bar) row.set([20, 110, 80, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Configuration {
  version: number;
}

test.describe('back office: theme', () => {
  test('the owner uploads a logo and picks the main colour, previewed live, then worn by the booking page', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    await logInToAdmin(page, OWNER);
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
