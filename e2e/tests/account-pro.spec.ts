/**
 * A professional's header menu (docs/requirements/accounts-and-appointments.md §2 header): the professional label, a group switch when
 * the professional has several groups, no customer entries; logging out goes to the login page.
 */
import { expect, test } from '../support/fixtures.ts';
import { shot } from './account-support.ts';

test('a professional logs in, switches group from the menu and logs out', async ({ page }) => {
  await page.goto('/demo-salon/login?locale=en');
  await page.getByTestId('login-email').fill('nadia.lefevre@example.com');
  await page.getByTestId('login-password').fill('Standard#Appel26');
  await page.getByTestId('login-submit').click();
  // Professionals book for others: the booking, not an appointments list.
  await expect(page).toHaveURL(/\/demo-salon\/book\/\w+\?locale=en$/);

  const menu = page.getByTestId('account-menu');
  await expect(menu).toContainText('Professional');
  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'My appointments' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'My personal data' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Switch business' }).click();
  await shot(page, 'pro-switch');
  await page.getByRole('menuitem', { name: 'Harbour Lane Opticians' }).click();
  await expect(page).toHaveURL(/\/demo-callcenter(\/[\w/]*)?\?locale=en$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('popup-pro-logout')).toHaveCount(0);

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByTestId('popup-logout').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/demo-callcenter\/login\?locale=en$/);
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
});
