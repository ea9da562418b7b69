/** The pages outside the booking (docs/requirements/booking-flow.md §2, docs/requirements/accounts-and-appointments.md §2): not_found, disconnected, error, personal data. */
import { expect, test } from '../support/fixtures.ts';

test('not_found for a known group says so and reloads the group page after 10 seconds', async ({ page }) => {
  await page.clock.install();
  await page.goto('/demo-salon/home?locale=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/not_found?locale=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page is temporarily unavailable');
  await expect(page.getByTestId('page-not-found')).toContainText('Atelier Capucine');
  await expect(page.getByTestId('not-found-countdown')).toHaveText('Redirecting in 10 seconds…');
  await page.clock.runFor(3_000);
  await expect(page.getByTestId('not-found-countdown')).toHaveText('Redirecting in 7 seconds…');
  await page.clock.runFor(7_100);
  await expect(page).toHaveURL(/\/demo-salon\/home\?locale=en$/);
});

test('the disconnected page offers to go back to the group', async ({ page }) => {
  await page.goto('/demo-clinic?locale=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/disconnected?locale=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are logged out');
  await page.getByRole('link', { name: 'Back to MVZ Isarmedizin' }).click();
  await expect(page).toHaveURL(/\/demo-clinic\/book\/calendarset_id\?locale=en$/);
});

test('the error page of a group offers to try again', async ({ page }) => {
  await page.goto('/demo-clinic/error?locale=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('a server failure while loading the group shows the error page, and retry recovers', async ({
  page,
}) => {
  let fail = true;
  await page.route('**/api/v3/services/groups/demo-clinic.json?**', async (route) =>
    fail ? route.fulfill({ status: 500, json: { message: 'boom' } }) : route.fallback(),
  );
  await page.goto('/demo-clinic?locale=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/demo-clinic\/book\/calendarset_id\?locale=en$/);
});

test('the personal data page explains retention, deletion and whom to ask', async ({ page }) => {
  await page.goto('/demo-salon/personal_data?locale=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your personal data');
  await expect(page.getByText('at least 3 years from your registration')).toBeVisible();
  await expect(page.getByTestId('delete-account-warning')).toContainText('cannot be undone');
  await expect(page.getByRole('link', { name: 'By phone: +33 4 65 71 24 60' })).toHaveAttribute(
    'href',
    'tel:+33465712460',
  );
  await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
});

test('a loading indicator shows until the group has loaded', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v3/services/groups/demo-clinic.json?**', async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto('/demo-clinic?locale=en');
  await expect(page.getByRole('status').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a location');
});

test('an old browser engine gets an alert', async ({ page }) => {
  await page.addInitScript(() => {
    CSS.supports = () => false;
  });
  await page.goto('/demo-clinic?locale=en');
  const alert = page.locator('#old-browser-alert');
  await expect(alert).toHaveText(/Your browser is too old for this page/);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toHaveCount(0);
});
