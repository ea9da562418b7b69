/**
 * The owner's mini-site (docs/group-configuration.md "`website`", edited in docs/back-office.md
 * "Settings"): the owner changes the welcome text, uploads a photo to the gallery (a PNG made here)
 * and describes it, moves it first, and gives a Snapchat link — typed without https:// first,
 * which the browser refuses on its field with nothing sent — then saves; the public home page
 * shows the text, the photo first in the slider with its description, and the link. The
 * configuration goes back to the version before, under the lock the other configuration writers
 * hold. Axe at 1280 and 768, no overflow at 390, screenshots.
 */
import { WRITES_CONFIGURATION, withConfigurationLock } from '../support/configuration-lock.ts';
import { expect, test } from '../support/fixtures.ts';
import { pngImage } from '../support/png-image.ts';
import { shot } from './account-support.ts';
import { checkLayouts, configurationCall, OWNER, openAdminAs, restoreVersion } from './admin-support.ts';

/** An 800×500 photo-like PNG: a warm gradient with a pale disc. */
const photoPng = () =>
  pngImage(800, 500, (x, y) =>
    Math.hypot(x - 560, y - 200) < 120
      ? [250, 236, 210, 255]
      : [150 + Math.round((x / 800) * 80), 90 + Math.round((y / 500) * 40), 70, 255],
  );

interface Configuration {
  version: number;
}

const WELCOME = 'Late openings on Thursdays until 8 pm: book online in a minute.';
const ALT = 'The new colour bar, with its plant-based dyes';
const SNAPCHAT = 'https://www.snapchat.com/add/ateliercapucine';

test.describe('back office: mini-site', () => {
  test('the owner edits the welcome text, adds a described photo and a social link, seen on the home page', {
    tag: WRITES_CONFIGURATION,
  }, async ({ page, browser }) => {
    test.setTimeout(180_000);
    await openAdminAs(page, OWNER);
    await withConfigurationLock(async () => {
      const before = await configurationCall<Configuration>(page, 'GET');
      try {
        await page.getByTestId('admin-nav-settings').click();
        await page.getByTestId('settings-tab-site').click();
        await expect(page).toHaveURL(/\/demo-salon\/admin\/settings\/site\?locale=en$/);
        await expect(page.getByTestId('settings-tab-site')).toHaveAttribute('aria-current', 'page');
        await expect(page.getByRole('checkbox', { name: 'Show the home page' })).toBeChecked();
        await expect(page.getByRole('textbox', { name: 'Latitude' })).toHaveValue('45.7531');

        // ---- The welcome text.
        const welcome = page.getByRole('textbox', { name: 'Welcome text' });
        await expect(welcome).toHaveValue(/Salon de coiffure indépendant/);
        await welcome.fill(`<p>${WELCOME}</p>`);

        // ---- A photo, uploaded at once; its description field takes the focus.
        const items = page.getByTestId('site-gallery-item');
        const count = await items.count();
        expect(count).toBeGreaterThan(0);
        await page.getByTestId('site-gallery-file').setInputFiles({
          name: 'colour-bar.png',
          mimeType: 'image/png',
          buffer: photoPng(),
        });
        await expect(page.getByTestId('site-gallery-status')).toHaveText(/^Photos added\./);
        await expect(items).toHaveCount(count + 1);
        const added = items.nth(count);
        await expect(added.locator('img')).toHaveAttribute(
          'src',
          /^\/api\/v3\/groups\/\d+\/images\/[0-9a-f]{32}-gallery\.(png|jpg)$/,
        );
        const alt = page.getByRole('textbox', { name: `Description of photo ${count + 1}` });
        await expect(alt).toBeFocused();
        await page.keyboard.type(ALT);
        // Up to the first place by keyboard: the focus stays on the button as the photo moves.
        for (let place = count; place > 0; place -= 1) {
          const up = page.getByRole('button', { name: `Move up photo ${place + 1}` });
          await up.focus();
          await page.keyboard.press('Enter');
          await expect(page.getByRole('textbox', { name: `Description of photo ${place}` })).toHaveValue(ALT);
        }
        await expect(page.getByRole('textbox', { name: 'Description of photo 1' })).toHaveValue(ALT);

        // ---- A social link without https://: refused on its field, nothing sent.
        const snapchat = page.getByRole('textbox', { name: 'Snapchat account' });
        await snapchat.fill('snapchat.com/add/ateliercapucine');
        await page.getByTestId('settings-save').click();
        await expect(snapchat).toBeFocused();
        await expect(snapchat).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByTestId('site-snapchat-error')).toHaveText(
          'Enter a full address starting with https://, such as https://www.instagram.com/yoursalon.',
        );
        await expect(snapchat).toHaveAccessibleDescription(/Enter a full address starting with https:\/\//);
        expect((await configurationCall<Configuration>(page, 'GET')).version).toBe(before.version);
        await checkLayouts(page, 'settings site refused');

        await snapchat.fill(SNAPCHAT);
        await expect(page.getByTestId('site-snapchat-error')).toHaveCount(0);
        await checkLayouts(page, 'settings site');
        await page.getByTestId('settings-save').click();
        const saved = page.getByTestId('settings-saved');
        await expect(saved).toContainText(`Saved as version ${before.version + 1}.`);
        for (const path of ['website.quick_desc', 'website.images', 'website.snapchat'])
          await expect(saved.getByTestId('settings-change').filter({ hasText: path }).first()).toBeVisible();

        // ---- The visitor's home page shows them.
        // Reduced motion: the slider stays on its first photo for the screenshot.
        const visitor = await browser.newPage({ reducedMotion: 'reduce' });
        await visitor.goto('/demo-salon/home?locale=en');
        const home = visitor.getByTestId('home');
        await expect(home.getByText(WELCOME)).toBeVisible();
        const first = visitor.getByTestId('image-slider').locator('img').first();
        await expect(first).toHaveAttribute('alt', ALT);
        await expect(first).toHaveAttribute('src', /-gallery\.(png|jpg)$/);
        await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(800);
        await expect(visitor.getByRole('link', { name: /^Snapchat/ })).toHaveAttribute('href', SNAPCHAT);
        await shot(visitor, 'admin-settings-site-home-page');
        await visitor.close();
      } finally {
        // Whatever happened above, the configuration goes back to the version before.
        await restoreVersion(page, before.version);
      }
    });
  });
});
