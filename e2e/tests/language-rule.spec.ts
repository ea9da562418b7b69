/**
 * One language rule for every group (docs/web-app.md "Language"): the link's parameter, then the
 * person's saved choice, then the browser's languages the group offers, then the group's own —
 * the same in the first HTML and in the app.
 */
import { expect, test } from '../support/fixtures.ts';

test.describe('with an English browser', () => {
  test.use({ locale: 'en-US' });

  test('demo-salon (French, offers English) and demo-inactive both speak English', async ({ page }) => {
    const first = await page.request.get('/demo-salon', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(await first.text()).toContain('<html lang="en"');
    await page.goto('/demo-salon/book/intervention_ids');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('locale-switch')).toContainText('en');

    await page.goto('/demo-inactive');
    await expect(page).toHaveURL(/\/inactive/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test("a group that does not offer the browser's language speaks its own", async ({ page }) => {
    // demo-clinic speaks German and offers English.
    await page.goto('/demo-clinic/book/intervention_ids');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('the parameter wins, and the language picked in the menu is kept for the next group', async ({
    page,
  }) => {
    await page.goto('/demo-salon/book/intervention_ids?locale=it');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await page.goto('/demo-salon/book/intervention_ids');
    await page.getByTestId('locale-switch').click();
    await page
      .getByRole('menuitemradio', { name: 'Deutsch' })
      .or(page.getByRole('menuitem', { name: 'Deutsch' }))
      .click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // Another group offering German: the saved choice beats the English browser, first HTML included.
    const html = await (await page.request.get('/demo-clinic')).text();
    expect(html).toContain('<html lang="de"');
    await page.goto('/demo-clinic/book/intervention_ids');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});

test.describe('with a Polish browser', () => {
  test.use({ locale: 'pl-PL' });

  test('every group falls back to its own language, loading message included', async ({ page }) => {
    const html = await (
      await page.request.get('/demo-salon', { headers: { 'accept-language': 'pl-PL' } })
    ).text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('<span class="boot-text">Chargement</span>');
    await page.goto('/demo-salon/book/intervention_ids');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });
});
