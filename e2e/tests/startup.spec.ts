/**
 * Start-up of every demo group (docs/requirements/booking-flow.md §4), including the exception paths: closed group, single
 * sign-on only, inactive, unknown group, professional of another group, "/" looked up by host.
 */
import { expect, fakeSession, patchGroup, test } from '../support/fixtures.ts';

test.describe('start-up of the demo groups', () => {
  test('demo-salon (mini-site) opens its home page in French', async ({ page }) => {
    await page.goto('/demo-salon');
    await expect(page).toHaveURL(/\/demo-salon\/home$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Atelier Capucine — coiffeur à Lyon Ainay',
    );
    await expect(page).toHaveTitle(/Atelier Capucine à Lyon/);
  });

  test('demo-salon with a preselected service starts at the first step it does not fix', async ({
    page,
    request,
  }) => {
    const group = await (
      await request.get('/api/v3/services/groups/demo-salon.json?apikey=creneau-dev')
    ).json();
    const { records } = await (
      await request.get(
        `/api/v3/groups/${group.id}/interventions?apikey=creneau-dev&conditions[0][field]=externid&conditions[0][op]=%3D&conditions[0][value]=coupe-femme`,
      )
    ).json();
    expect(records).toHaveLength(1);
    await page.goto(`/demo-salon?intervention_ids=${records[0].id}&locale=en`);
    await expect(page).toHaveURL(
      new RegExp(`/demo-salon/book/calendar_id\\?intervention_ids=${records[0].id}&locale=en$`),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a practitioner');
    // The category and service steps are settled: calendar is step 1.
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
  });

  test('demo-salon with an extern id preselection maps it to the internal id', async ({ page }) => {
    await page.goto('/demo-salon?intervention_extern_ids=coupe-femme&locale=en');
    await expect(page).toHaveURL(
      /\/demo-salon\/book\/calendar_id\?intervention_extern_ids=coupe-femme&locale=en$/,
    );
  });

  test('demo-salon with an unknown preselection says so and lets the visitor choose', async ({ page }) => {
    await page.goto('/demo-salon?intervention_ids=999999&locale=en');
    await expect(page.getByTestId('notification')).toContainText('no longer matches');
    await expect(page).toHaveURL(/\/demo-salon\/home\?/);
  });

  test('demo-clinic starts at its first step, in German', async ({ page }) => {
    await page.goto('/demo-clinic');
    await expect(page).toHaveURL(/\/demo-clinic\/book\/calendarset_id$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Standort wählen');
    await expect(page.getByTestId('locale-switch')).toBeVisible();
  });

  test('demo-townhall (one language) starts at its categories with no language switch', async ({ page }) => {
    await page.goto('/demo-townhall');
    await expect(page).toHaveURL(/\/demo-townhall\/book\/interventionset_ids$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choisissez une catégorie');
    await expect(page.getByTestId('locale-switch')).toHaveCount(0);
  });

  test('demo-private (closed to the public) sends visitors to the login step', async ({ page }) => {
    await page.goto('/demo-private/home');
    await expect(page).toHaveURL(/\/demo-private\/book\/login$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accedi o crea un account');
  });

  test('demo-sso starts at its login step, without a book button and with an inert logo', async ({
    page,
  }) => {
    await page.goto('/demo-sso');
    await expect(page).toHaveURL(/\/demo-sso\/book\/login$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByTestId('header-book')).toHaveCount(0);
    await expect(page.getByTestId('header').getByRole('link', { name: /Salud Laboral/ })).toHaveCount(0);
    await expect(page.getByTestId('header')).toContainText('Salud Laboral Alcázar');
  });

  test('a closed single sign-on-only group shows the unauthorized variant of the inactive page', async ({
    page,
  }) => {
    await patchGroup(page, 'demo-sso', { openData: false });
    await page.goto('/demo-sso');
    await expect(page).toHaveURL(/\/inactive$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Salud Laboral Alcázar');
    // In the group's language: the visitor came to a Spanish page.
    await expect(page.getByTestId('inactive-message')).toContainText('reservada a sus miembros');
  });

  test('demo-inactive shows the inactive page with its name and phone', async ({ page }) => {
    await page.goto('/demo-inactive?locale=nl');
    await expect(page).toHaveURL(/\/inactive\?locale=nl$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fietsenmakerij De Spaak');
    await expect(page.getByTestId('inactive-message')).toHaveText(
      'Online afspraken maken is voor deze onderneming op dit moment niet mogelijk.',
    );
    await expect(page.getByRole('link', { name: 'Bel +31 30 234 5678' })).toHaveAttribute(
      'href',
      'tel:+31302345678',
    );
  });

  test('demo-callcenter starts at its first step in English', async ({ page }) => {
    await page.goto('/demo-callcenter');
    await expect(page).toHaveURL(/\/demo-callcenter\/book\/calendarset_id$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a location');
  });

  test('an unknown group goes to /not_found with the unknown-group text and stays there', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/no-such-group?locale=en');
    await expect(page).toHaveURL(/\/not_found\?locale=en$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.clock.runFor(15_000);
    await expect(page).toHaveURL(/\/not_found\?locale=en$/);
  });

  test('a professional of another group is offered to log out; OK logs out and reloads', async ({ page }) => {
    await fakeSession(page, {
      type: 'pro',
      account: null,
      pro: { id: 3, email: 'pro@example.com', name: 'Dr Moreau' },
      groups: [{ id: 999, name: 'Other', urlname: 'other' }],
    });
    let loggedOut = false;
    await page.route('**/api/v3/sessions/logout.json?**', (route) => {
      loggedOut = true;
      return route.fulfill({ json: {} });
    });
    await page.goto('/demo-clinic?locale=en');
    const dialog = page.getByRole('alertdialog', { name: 'You are logged in as a professional' });
    await expect(dialog).toBeVisible();
    const reload = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await reload;
    expect(loggedOut).toBe(true);
  });

  test('"/" on an unknown host shows the error as a notification and the error page', async ({ page }) => {
    await page.goto('/?locale=en');
    await expect(page).toHaveURL(/\/error\?locale=en$/);
    await expect(page.getByTestId('notification')).toHaveText(
      /This business does not exist or no longer offers online booking\./,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
  });

  test('a session that must change its password goes to /set_password', async ({ page }) => {
    await fakeSession(page, { needPasswordChange: true });
    await page.goto('/demo-clinic?locale=en');
    await expect(page).toHaveURL(/\/set_password\?account_id=7$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  });

  test('/set_password without a password-change notification is not found', async ({ page }) => {
    await page.goto('/set_password?account_id=7&locale=en');
    await expect(page).toHaveURL(/\/not_found\?account_id=7&locale=en$/);
  });
});

test.describe('"/" on the host of a group', () => {
  // The server's CSP says upgrade-insecure-requests, which only makes sense behind https: on this
  // plain-http test host name the browser would upgrade every script to https and fail.
  test.use({ bypassCSP: true });

  test('looks the url name up from the host', async ({ page, baseURL }) => {
    const port = new URL(baseURL!).port;
    await page.goto(`http://atelier-capucine.example:${port}/?locale=en`);
    await expect(page).toHaveURL(new RegExp(`atelier-capucine.example:${port}/demo-salon/home\\?locale=en$`));
  });
});
