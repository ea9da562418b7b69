/**
 * The shell every page shares (docs/requirements/booking-flow.md §2 routing rules; docs/requirements/accounts-and-appointments.md §2 header, footer, popups,
 * notification bar): query kept across pages, invalid paths, header per role and width, footer by
 * country, logout.
 */
import { expect, fakeSession, test } from '../support/fixtures.ts';

test('the query string is kept across pages, and nologo hides the logo', async ({ page }) => {
  await page.goto('/demo-salon/home?locale=en&nologo=1');
  await expect(page.getByTestId('header').locator('img')).toHaveCount(0);
  await page.getByTestId('header-map').click();
  await expect(page).toHaveURL(/\/demo-salon\/map\?locale=en&nologo=1$/);
  await page.getByTestId('header-home').click();
  await expect(page).toHaveURL(/\/demo-salon\/home\?locale=en&nologo=1$/);
  await page.getByTestId('header-book').click();
  await expect(page).toHaveURL(/\/demo-salon\/book\/interventionset_ids\?locale=en&nologo=1$/);
});

test('an invalid path goes back to the group root with the query', async ({ page }) => {
  await page.goto('/demo-salon/no/such/page?locale=en');
  await expect(page).toHaveURL(/\/demo-salon\/home\?locale=en$/);
});

test('noheader and nofooter hide them', async ({ page }) => {
  await page.goto('/demo-clinic?noheader=1&nofooter=1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('header')).toHaveCount(0);
  await expect(page.getByTestId('footer')).toHaveCount(0);
});

test('the address bar can be dismissed for the visit', async ({ page }) => {
  await page.goto('/demo-salon/home?locale=en');
  const bar = page.getByTestId('address-bar');
  await expect(bar).toContainText('8 rue des Remparts d’Ainay, 69002 Lyon');
  await bar.getByRole('button', { name: 'Hide the address' }).click();
  await expect(bar).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('address-bar')).toHaveCount(0);
});

test('the footer links the French terms for a French group and the international ones elsewhere', async ({
  page,
}) => {
  const year = new Date().getFullYear();
  await page.goto('/demo-salon/home?locale=en');
  const footer = page.getByTestId('footer');
  await expect(footer).toContainText(`© 2006–${year} Créneau`);
  await expect(footer.getByRole('link', { name: /Terms of use/ })).toHaveAttribute(
    'href',
    /\/fr\/conditions-generales/,
  );
  await expect(footer.getByRole('link', { name: /Accessibility/ })).toHaveAttribute(
    'href',
    /\/fr\/accessibilite/,
  );
  await page.goto('/demo-clinic?locale=en');
  await expect(footer.getByRole('link', { name: /Terms of use/ })).toHaveAttribute(
    'href',
    /\/en\/terms-of-use/,
  );
});

test.describe('header labels', () => {
  test('show on a wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/demo-sso/book/login');
    await expect(page.getByTestId('header-map')).toContainText('Mapa');
    await expect(page.getByTestId('header-map').getByText('Mapa')).toBeVisible();
  });

  test('collapse to icons on a narrow one, keeping their names', async ({ page }) => {
    await page.setViewportSize({ width: 880, height: 800 });
    await page.goto('/demo-sso/book/login');
    const map = page.getByTestId('header-map');
    await expect(map.getByText('Mapa')).not.toBeInViewport();
    await expect(map).toHaveAccessibleName('Mapa');
  });
});

test('the login button shows when the sequence has a login step', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/demo-sso/book/login?locale=en');
  await expect(page.getByTestId('header-login')).toHaveText('Log in');
  await page.setViewportSize({ width: 800, height: 800 });
  await expect(page.getByTestId('header-login').getByText('Log in')).not.toBeInViewport();
  await page.goto('/demo-clinic?locale=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('header-login')).toHaveCount(0);
});

test("a customer's menu has appointments, information, personal data and logout", async ({ page }) => {
  await fakeSession(page, {});
  await page.goto('/demo-clinic?locale=en');
  await page.getByTestId('account-menu').click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'My appointments',
    'My information',
    'My personal data',
    'Log out',
  ]);
  await menu.getByRole('menuitem', { name: 'My personal data' }).click();
  await expect(page).toHaveURL(/\/demo-clinic\/personal_data\?locale=en$/);
});

test('a Fiche-profile customer has no information or personal-data entries', async ({ page }) => {
  await fakeSession(page, {});
  await page.goto('/demo-townhall');
  await page.getByTestId('account-menu').click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    'Mes rendez-vous',
    'Se déconnecter',
  ]);
});

test('a guest who booked without an account has no information or personal-data entries', async ({
  page,
}) => {
  // The session a booking without logging in leaves (docs/requirements/accounts-and-appointments.md §3: account id 0).
  await fakeSession(page, {
    account: { id: 0, email: 'guest@example.com', cancel_apt: 0, export_apt: 0 },
    fiche_token: 'guest-token',
  });
  await page.goto('/demo-clinic?locale=en');
  await page.getByTestId('account-menu').click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['My appointments', 'Log out']);
});

test('a professional with several groups can switch group, and has no customer entries', async ({ page }) => {
  await fakeSession(page, {
    type: 'pro',
    account: null,
    pro: { id: 3, email: 'ops@harbourlane.example', name: 'Sam Reid' },
    groups: [
      { id: 1, name: 'Harbour Lane Opticians', urlname: 'demo-callcenter' },
      { id: 2, name: 'MVZ Isarmedizin', urlname: 'demo-clinic' },
    ],
  });
  const group = await (
    await page.request.get('/api/v3/services/groups/demo-callcenter.json?apikey=creneau-dev')
  ).json();
  const clinic = await (
    await page.request.get('/api/v3/services/groups/demo-clinic.json?apikey=creneau-dev')
  ).json();
  await page.route('**/api/v3/sessions/current.json?**', (route) =>
    route.fulfill({
      json: {
        logged: true,
        type: 'pro',
        pro: { id: 3, email: 'ops@harbourlane.example', name: 'Sam Reid' },
        groups: [
          { id: group.id, name: 'Harbour Lane Opticians', urlname: 'demo-callcenter' },
          { id: clinic.id, name: 'MVZ Isarmedizin', urlname: 'demo-clinic' },
        ],
      },
    }),
  );
  await page.goto('/demo-callcenter');
  await page.getByTestId('account-menu').click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('Professional: Sam Reid');
  await expect(menu.getByRole('menuitem')).toHaveText(['Back office', 'Switch business', 'Log out']);
  await menu.getByRole('menuitem', { name: 'Switch business' }).click();
  await page.getByRole('menuitem', { name: 'MVZ Isarmedizin' }).click();
  await expect(page).toHaveURL(/\/demo-clinic\/book\/calendarset_id$/);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('logging out asks for confirmation, then goes to the login page with a notification', async ({
  page,
}) => {
  await fakeSession(page, {});
  let loggedOut = false;
  await page.route('**/api/v3/sessions/logout.json?**', (route) => {
    loggedOut = true;
    return route.fulfill({ json: {} });
  });
  await page.clock.install();
  await page.goto('/demo-clinic?locale=en');
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Log out' });
  await expect(dialog).toContainText('Do you really want to log out?');
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toHaveCount(0);
  expect(loggedOut).toBe(false);

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/demo-clinic\/login\?locale=en$/);
  expect(loggedOut).toBe(true);
  // The notification bar goes away after 3 seconds.
  await expect(page.getByTestId('notification')).toHaveText(/You are logged out\./);
  await page.clock.runFor(3_100);
  await expect(page.getByTestId('notification')).toHaveCount(0);
});

test('Escape closes a menu and gives the focus back to its button', async ({ page }) => {
  await page.goto('/demo-salon/home');
  await page.getByTestId('locale-switch').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByTestId('locale-switch')).toBeFocused();
});

test('the skip link jumps to the content', async ({ page }) => {
  await page.goto('/demo-clinic?locale=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});
