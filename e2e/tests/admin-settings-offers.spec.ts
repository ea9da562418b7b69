/**
 * The owner's packs and promotions (docs/group-configuration.md "packs" and "promotions", edited
 * in docs/back-office.md "Settings"): the owner builds a pack of two services with a break between
 * them, is told on its field that a pack needs a price, gives one and saves; the visitor's booking
 * page offers the pack in its category. Then a promotion on that pack, refused first for a window
 * that ends before it starts, saved, and the booking page shows its discount on the pack. Axe at
 * 1280 and 768, no overflow at 390, and the version before both restored. The pack and the
 * promotion have names of their own, so tests side by side never meet them; the writes hold the
 * configuration lock.
 */
import { WRITES_CONFIGURATION, withConfigurationLock } from '../support/configuration-lock.ts';
import { expect, test } from '../support/fixtures.ts';
import { shot } from './account-support.ts';
import { checkLayouts, configurationCall, OWNER, openAdminAs, restoreVersion } from './admin-support.ts';
import { dayAhead } from './booking-helpers.ts';

interface Configuration {
  version: number;
  document: { packs: { externid: string; name: string; price: number | null; items: unknown[] }[] };
}

test.describe('back office: packs and promotions', () => {
  test('the owner builds a pack and a promotion on it; the booking page offers both, then the version before is restored', {
    tag: WRITES_CONFIGURATION,
  }, async ({ page, browser }) => {
    test.setTimeout(360_000);
    const stamp = Date.now().toString().slice(-6);
    const packName = `Coupe et massage ${stamp}`;
    const promotionName = `Matinées ${stamp}`;

    // The back office's first load on a server just started, on a busy machine, has been seen to
    // take over 20 s: openAdminAs's page load waits for it (the test's time, not an expect's).
    await openAdminAs(page, OWNER);
    await withConfigurationLock(async () => {
      const before = await configurationCall<Configuration>(page, 'GET');
      try {
        await page.goto('/demo-salon/admin/settings/offers?locale=en');
        await expect(page.getByTestId('settings-tab-offers')).toHaveAttribute('aria-current', 'page');
        await expect(page.getByTestId('settings-tab-offers')).toHaveText('Packs & promotions');
        // The demo's packs, read: the Radiance ritual's three services in order, its price in euros.
        const eclat = page.getByRole('group', { name: 'Rituel Éclat' });
        await expect(eclat.getByTestId('pack-item-service-0-0')).toHaveValue('couleur-racines');
        await expect(eclat.getByTestId('pack-break-0-0')).toHaveValue('10');
        await expect(eclat.getByTestId('pack-price-0')).toHaveValue('125');

        // ---- A pack: two services with a break, added by its button.
        const index = await page.getByTestId('offers-pack').count();
        await page.getByTestId('offers-add-pack').click();
        await expect(page.getByTestId(`pack-name-${index}`)).toBeFocused();
        await page.keyboard.type(packName);
        await page.getByTestId(`pack-publicname-${index}`).fill(packName);
        await page.getByTestId(`pack-category-${index}`).selectOption({ label: 'Coupes' });
        await page.getByTestId(`pack-item-service-${index}-0`).selectOption({ label: 'Coupe femme' });
        await page.getByTestId(`pack-item-service-${index}-1`).selectOption({ label: 'Massage crânien' });
        await page.getByTestId(`pack-break-${index}-0`).fill('10');
        const pack = page.getByRole('group', { name: packName });
        await expect(pack.getByTestId(`pack-summary-${index}`)).toContainText(
          '€77.00 when booked one by one',
        );

        // No price yet: refused in the browser, on the price, nothing sent.
        await page.getByTestId('settings-save').click();
        await expect(page.getByTestId('settings-error')).toContainText('Some entries need correcting');
        const price = page.getByTestId(`pack-price-${index}`);
        await expect(price).toBeFocused();
        await expect(price).toHaveAttribute('aria-invalid', 'true');
        await expect(price).toHaveAccessibleDescription('Enter the pack’s price, such as 125 or 125.50.');
        await expect(pack.getByTestId('offers-field-error')).toHaveText(
          'Enter the pack’s price, such as 125 or 125.50.',
        );
        await checkLayouts(page, 'settings offers refused');
        expect((await configurationCall<Configuration>(page, 'GET')).version).toBe(before.version);

        await price.fill('68,50');
        await expect(pack.getByTestId('offers-field-error')).toHaveCount(0);
        await page.getByTestId('settings-save').click();
        const saved = page.getByTestId('settings-saved');
        await expect(saved).toContainText(`Saved as version ${before.version + 1}.`);
        const after = await configurationCall<Configuration>(page, 'GET');
        const created = after.document.packs.find((item) => item.name === packName);
        expect(created).toMatchObject({
          price: 6850,
          items: [
            { intervention: 'coupe-femme', break_time: 10 },
            { intervention: 'massage-cranien', break_time: 0 },
          ],
        });
        await expect(saved.getByTestId('settings-change').filter({ hasText: packName })).toContainText(
          'Added',
        );

        // The visitor's booking page offers it among the haircuts.
        const visitor = await browser.newPage();
        await visitor.goto('/demo-salon/book/intervention_ids?locale=en');
        await visitor.getByRole('button', { name: /^Haircuts/ }).click();
        await visitor.getByRole('tab', { name: 'Package deals' }).click();
        await expect(visitor.getByText(packName)).toBeVisible();
        await shot(visitor, 'admin-settings-offers-booking-pack');
        await visitor.close();

        // ---- A promotion on the pack, mornings of the weekend, from today for a month.
        const promotionIndex = await page.getByTestId('offers-promotion').count();
        await page.getByTestId('offers-add-promotion').click();
        await expect(page.getByTestId(`promotion-label-${promotionIndex}`)).toBeFocused();
        await page.keyboard.type(promotionName);
        await page.getByTestId(`promotion-percent-${promotionIndex}`).fill('15');
        const promotion = page.getByRole('group', { name: promotionName });
        await promotion.getByRole('radio', { name: 'Chosen services and packs' }).check();
        await promotion.getByRole('checkbox', { name: packName }).check();
        await promotion.getByRole('checkbox', { name: 'Saturday' }).check();
        await promotion.getByRole('checkbox', { name: 'Sunday' }).check();
        await page.getByTestId(`promotion-from-time-${promotionIndex}`).fill('12:00');
        const until = page.getByTestId(`promotion-to-time-${promotionIndex}`);
        await until.fill('09:00');
        await page.getByTestId(`promotion-from-date-${promotionIndex}`).fill(dayAhead(0));
        await page.getByTestId(`promotion-to-date-${promotionIndex}`).fill(dayAhead(30));

        // A window that ends before it starts: refused on its end.
        await page.getByTestId('settings-save').click();
        await expect(until).toBeFocused();
        await expect(until).toHaveAttribute('aria-invalid', 'true');
        await expect(promotion.getByTestId('offers-field-error')).toHaveText(
          'The end must come after the start.',
        );
        await shot(page, 'admin-settings-offers-promotion-refused');
        await page.getByTestId(`promotion-from-time-${promotionIndex}`).fill('09:00');
        await until.fill('12:00');
        await expect(promotion.getByTestId('offers-field-error')).toHaveCount(0);
        await page.getByTestId('settings-save').click();
        await expect(saved).toContainText(`Saved as version ${before.version + 2}.`);
        await expect(saved.getByTestId('settings-change').filter({ hasText: promotionName })).toContainText(
          'Added',
        );

        // The pack now shows its discount on the booking page, to a new visitor.
        const next = await browser.newPage();
        await next.goto('/demo-salon/book/intervention_ids?locale=en');
        await next.getByRole('button', { name: /^Haircuts/ }).click();
        await next.getByRole('tab', { name: 'Package deals' }).click();
        const offered = next.getByTestId('service-list').getByRole('listitem').filter({ hasText: packName });
        await expect(offered).toContainText('up to −15%');
        await shot(next, 'admin-settings-offers-booking-promotion');
        await next.close();

        await checkLayouts(page, 'settings offers');
      } finally {
        // Whatever happened above, the configuration goes back to the version before.
        await restoreVersion(page, before.version);
      }
    });
  });
});
