/**
 * The platform page (docs/back-office.md "Sign-up and platform"), in Chromium: the demo's platform
 * administrator (PLATFORM_ADMINS names her in playwright.config.ts) logs in at /platform without a
 * group, creates a business and invites its owner, finds it by searching, closes it by keyboard
 * after confirming
 * — its booking page then shows the inactive notice — and reopens it. An owner who is not an
 * administrator is told so. axe at 1280 and 768 px, no overflow at 390.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { API_KEY, uniqueEmail } from './account-support.ts';
import { checkLayouts, OWNER } from './admin-support.ts';
import { tabTo } from './booking-helpers.ts';

const ADMIN = { email: 'elise.bernard@example.com', password: 'Plateforme-Ops26!' };

async function logInAt(page: Page, who: { email: string; password: string }) {
  await page.goto('/platform?locale=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Platform administration');
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
}

test('a platform administrator creates a business, finds it, closes it and reopens it', async ({
  page,
  request,
}) => {
  // A business of the test's own, so that closing it disturbs no other test.
  const urlname = `ops-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const ownerEmail = uniqueEmail('platform');
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAt(page, ADMIN);
  await expect(page.getByTestId('platform-page')).toBeVisible();
  await expect(page.getByTestId('platform-page')).toContainText(ADMIN.email);

  // Created from the page, with the sign-up form's sections and the owner's address; the
  // server's refusal of a malformed address shows on its field first.
  await page.getByTestId('platform-create-open').click();
  const form = page.getByTestId('platform-create-form');
  await form.getByTestId('signup-name').fill(`Café du Quai ${urlname}`);
  await form.getByTestId('signup-urlname').fill(urlname);
  await form.getByTestId('signup-street').fill('4 quai Duguay-Trouin');
  await form.getByTestId('signup-zipcode').fill('29200');
  await form.getByTestId('signup-city').fill('Brest');
  await form.getByTestId('signup-serviceName').fill('Dégustation');
  await form.getByTestId('signup-email').fill('not-an-address');
  await form.getByTestId('platform-create-submit').click();
  await expect(form.getByTestId('signup-email-problem')).toBeVisible();
  await expect(form.getByTestId('signup-email')).toHaveAttribute('aria-invalid', 'true');
  await form.getByTestId('signup-email').fill(ownerEmail);
  await checkLayouts(page, 'platform create');
  await form.getByTestId('platform-create-submit').click();
  await expect(page.getByTestId('platform-create-status')).toHaveText(
    `Café du Quai ${urlname} is live at /${urlname}; an invitation was sent to ${ownerEmail}.`,
  );
  await expect(form).toHaveCount(0);
  const live = await request.get(`/api/v3/services/groups/${urlname}.json?apikey=${API_KEY}`);
  expect(live.status()).toBe(200);
  // The demo groups and the new one are listed; a search keeps the new one alone (accents ignored).
  await expect(page.locator('[data-testid="platform-group"][data-urlname="demo-salon"]')).toBeVisible();
  await page.getByTestId('platform-search').fill(`cafe quai ${urlname}`);
  const row = page.getByTestId('platform-group');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('heading', { level: 3 })).toHaveText(`Café du Quai ${urlname}`);
  await expect(row.getByTestId('platform-state')).toHaveText('Open');
  await expect(row).toContainText('Appointments0');
  await checkLayouts(page, 'platform');

  // Closing asks first; by keyboard.
  await tabTo(page, row.getByTestId('platform-close'));
  await expect(row.getByTestId('platform-close')).toHaveAccessibleName(`Close Café du Quai ${urlname}`);
  await page.keyboard.press('Enter');
  const confirm = page.getByTestId('platform-confirm');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('heading')).toHaveText(`Close Café du Quai ${urlname}?`);
  await tabTo(page, confirm.getByTestId('platform-confirm-close'));
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(row.getByTestId('platform-state')).toHaveText('Closed');
  await expect(page.getByTestId('platform-status')).toHaveText(`Café du Quai ${urlname} is closed.`);
  const group = await request.get(`/api/v3/services/groups/${urlname}.json?apikey=${API_KEY}`);
  expect(group.status()).not.toBe(200);

  // Reopened, it books again.
  await row.getByTestId('platform-reopen').click();
  await expect(row.getByTestId('platform-state')).toHaveText('Open');
  await expect(page.getByTestId('platform-status')).toHaveText(`Café du Quai ${urlname} is open again.`);
  const reopened = await request.get(`/api/v3/services/groups/${urlname}.json?apikey=${API_KEY}`);
  expect(reopened.status()).toBe(200);

  // A search that matches nothing says so.
  await page.getByTestId('platform-search').fill('no such business anywhere');
  await expect(page.getByTestId('platform-groups')).toHaveCount(0);
  await expect(page.getByText('No business matches this search.')).toBeVisible();
});

test('an account that does not administer the platform is told so', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAt(page, OWNER);
  const refused = page.getByTestId('platform-refused');
  await expect(refused.getByRole('heading', { level: 1 })).toHaveText('Not a platform administrator');
  await expect(refused).toContainText(OWNER.email);
  await expect(page.getByTestId('platform-groups')).toHaveCount(0);
  await checkLayouts(page, 'platform refused');
  await refused.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('platform-login')).toBeVisible();
});
