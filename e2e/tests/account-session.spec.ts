/**
 * The session's life (docs/requirements/accounts-and-appointments.md §4 Session, §9): two hours after signing in it ends by itself —
 * "expired connection", the token and the session's data gone; a fiche key that no longer works
 * says so and the page opens without a session.
 */
import { expect, test } from '../support/fixtures.ts';
import { apiPost, groupId, useToken } from './account-support.ts';

test('the session expires after two hours: notice, and the appointments are gone', async ({
  page,
  request,
}) => {
  const salon = await groupId(request, 'demo-salon');
  const login = await apiPost<{ account_token: string; lastSignedAt: string }>(
    request,
    '/v3/sessions/login.json',
    {
      credentials: { email: 'camille.durand@example.com', password: 'Lyon-Coiffure26!' },
      account: { group_id: salon },
    },
  );
  await useToken(page, login.account_token);
  await page.clock.install({ time: new Date(login.lastSignedAt) });
  await page.goto('/demo-salon/appointments?locale=en');
  await expect(page.getByRole('tab', { name: 'Camille' })).toBeVisible();
  await expect(page.getByTestId('account-menu')).toBeVisible();

  await page.clock.fastForward(2 * 60 * 60_000 - 60_000);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.clock.fastForward(61_000);
  await expect(page.getByTestId('notification')).toHaveText(/Expired connection\. Please log in again\./);
  await expect(page.getByText('Log in to see your appointments.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Camille' })).toHaveCount(0);
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('creneau.token'))).toBeNull();
});

test('a fiche key that no longer works says so and leaves the address', async ({ page }) => {
  await page.goto('/demo-salon/appointments?locale=en&ficheKey=not-a-real-key&cancel_apt=12');
  await expect(page.getByTestId('notification')).toHaveText(/This link is no longer valid/);
  await expect(page).toHaveURL(/\/demo-salon\/appointments\?locale=en$/);
  await expect(page.getByText('Log in to see your appointments.')).toBeVisible();
});
