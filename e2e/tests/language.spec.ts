/**
 * Language rules (docs/requirements/booking-flow.md §1, §9): the locale parameter, else the group's locale, else the
 * browser, limited to enabled_locales, falling back to en; the header switch; dates in the group's
 * time zone and the chosen language.
 */
import { expect, test } from '../support/fixtures.ts';

test('the locale parameter wins when the group enables it', async ({ page }) => {
  await page.goto('/demo-salon/home?locale=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: 'Öffnungszeiten' })).toBeVisible();
});

test("a locale the group does not enable falls back to the group's locale", async ({ page }) => {
  await page.goto('/demo-salon/home?locale=pl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Horaires d’ouverture' })).toBeVisible();
});

test.describe('outside a group, the browser language', () => {
  test.use({ locale: 'it-IT' });
  test('speaks Italian to an Italian browser', async ({ page }) => {
    await page.goto('/not_found');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina non trovata');
  });
});

test.describe('an unsupported browser language', () => {
  test.use({ locale: 'ja-JP' });
  test('falls back to English', async ({ page }) => {
    await page.goto('/not_found');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });
});

test('Breton and Croatian pages are translated', async ({ page }) => {
  await page.goto('/not_found?locale=br');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("N'eo ket bet kavet ar bajenn");
  await page.goto('/not_found?locale=hr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stranica nije pronađena');
});

test('the header switch changes the language, and it follows the next pages', async ({ page }) => {
  await page.goto('/demo-salon/home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByTestId('locale-switch').click();
  const menu = page.getByRole('menu', { name: /Langue : Français/ });
  await expect(menu.getByRole('menuitemradio')).toHaveText([
    'Français',
    'English',
    'Deutsch',
    'Español',
    'Italiano',
  ]);
  await menu.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/demo-salon\/home\?locale=en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Opening hours' })).toBeVisible();
  await page.getByTestId('header-map').click();
  await expect(page).toHaveURL(/\/demo-salon\/map\?locale=en$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access');
});

test('the language switch works with the keyboard', async ({ page }) => {
  await page.goto('/demo-clinic/book/calendarset_id');
  await page.getByTestId('locale-switch').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/locale=en$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a location');
  await expect(page.getByTestId('locale-switch')).toBeFocused();
});

test.describe('dates and times', () => {
  // The visitor is in Kiribati (UTC+14); the salon is in Lyon.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test("follow the group's time zone and the page language", async ({ page }) => {
    // Friday 13:00 in Paris (lunch break), already Saturday 02:00 for the visitor.
    await page.clock.setFixedTime(new Date('2025-03-14T12:00:00Z'));
    await page.goto('/demo-salon/home');
    const hours = page.getByTestId('opening-hours');
    await expect(hours.locator('tr[aria-current="date"] th')).toContainText('vendredi');
    await expect(hours).toContainText('Fermé actuellement');
    await page.goto('/demo-salon/home?locale=de');
    await expect(hours.locator('tr[aria-current="date"] th')).toContainText('Freitag');
    await expect(hours.locator('tr').first()).toContainText('Montag');
  });
});
