/**
 * axe on every customer-area page and dialog, at phone (360 px) and desktop (1280 px) widths: no
 * serious or critical violation and no horizontal overflow. SCREENSHOTS=1 saves each view under
 * screenshots/tmp/ (not committed) to look at.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { expect, patchGroup, test } from '../support/fixtures.ts';
import {
  apiPost,
  bookFirstFree,
  groupId,
  shot,
  uniqueEmail,
  uniquePhone,
  useToken,
} from './account-support.ts';
import { noPageOverflow } from './booking-helpers.ts';

const WIDTHS = [360, 1280] as const;

async function check(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await noPageOverflow(page, `${name} at ${width}px`);
  await expectAccessible(page, `${name} at ${width}px`);
  await shot(page, name);
}

/** Checks `url` at both widths once `ready` holds. */
function pageTest(
  name: string,
  url: string,
  ready: (page: Page) => Promise<void>,
  setup?: (page: Page) => Promise<void>,
) {
  test(`${name} is accessible at 360 and 1280 px`, async ({ page }) => {
    await setup?.(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(url);
      await ready(page);
      await check(page, name);
    }
  });
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

pageTest('login', '/demo-salon/login?locale=en', heading('Log in'));
pageTest('login-errors', '/demo-clinic/login?locale=en&email=someone@example', async (page) => {
  await heading('Log in')(page);
  // Sent empty: the form's own errors (an empty password is the only password rule at login).
  await page.getByTestId('login-password').press('Enter');
  await expect(page.getByText('Please enter your current password.')).toBeVisible();
});
pageTest(
  'login-activation',
  '/demo-salon/login?locale=en&validation_key=abc&account_id=9&email=ana@example.org',
  async (page) => {
    await expect(page.getByTestId('login-link-notice')).toBeVisible();
  },
);
pageTest(
  'activation-password',
  '/demo-salon/login?locale=en&validation_key=abc&account_id=9&email=ana@example.org&set_password=1',
  async (page) => {
    await heading('Activate your account')(page);
    await page.getByTestId('new-password').fill('Ana@example1');
    await page.getByTestId('password-submit').press('Enter');
    await expect(page.getByText('The password does not meet all the rules.')).toBeVisible();
  },
);
pageTest('register', '/demo-salon/register?locale=en', heading('Create an account'));
pageTest('register-closed', '/demo-private/register?locale=en', async (page) => {
  await expect(page.getByTestId('registration-disabled')).toContainText('+39 02 8736 4410');
});
pageTest(
  'register-closed-health',
  '/demo-clinic/register?locale=en',
  async (page) => {
    await expect(page.getByTestId('registration-disabled')).toContainText(
      'This practice does not accept new patients online.',
    );
  },
  (page) => patchGroup(page, 'demo-clinic', { open: false }),
);
pageTest('register-confirm', '/demo-salon/register_confirm?locale=en', heading('Check your e-mail'));
pageTest('reset-password', '/demo-salon/reset_password?locale=en', heading('Forgotten password'));
pageTest(
  'reset-password-link',
  '/demo-salon/reset_password?locale=en&oubliKey=abc&account_id=9',
  heading('Choose a new password'),
);
pageTest('reset-password-confirm', '/demo-salon/reset_password_confirm?locale=en', heading('E-mail sent'));
pageTest('login-sso', '/demo-sso/login?locale=en', heading('Log in'));

/** Camille's session (the demo customer with two people on demo-salon), through the API. */
async function camille(request: APIRequestContext) {
  const salon = await groupId(request, 'demo-salon');
  const login = await apiPost<{ account_token: string }>(request, '/v3/sessions/login.json', {
    credentials: { email: 'camille.durand@example.com', password: 'Lyon-Coiffure26!' },
    account: { group_id: salon },
  });
  return login.account_token;
}

test('the records page is accessible: settings, a person, the add tab', async ({ page, request }) => {
  await useToken(page, await camille(request));
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/demo-salon/fiches?locale=en');
    await expect(page.getByTestId('tab-record')).toHaveCount(2);
    await check(page, 'records-person');
    await page.getByTestId('tab-settings').click();
    await expect(page.getByTestId('current-email')).toBeVisible();
    await page.getByTestId('current-password').fill('x');
    await page.getByTestId('password-submit').press('Enter');
    await check(page, 'records-settings');
    await page.getByTestId('tab-add').click();
    await page.getByTestId('record-save').press('Enter');
    await expect(page.getByTestId('record-new').getByText(/./).first()).toBeVisible();
    await check(page, 'records-add');
  }
});

test('the appointments list, its menu and the cancel dialog are accessible', async ({ page, request }) => {
  const salon = await groupId(request, 'demo-salon');
  const fiche = {
    firstname: 'Alix',
    lastname: 'Axe',
    email: uniqueEmail('axe'),
    firstphone: uniquePhone(),
  };
  const booked = await bookFirstFree(
    request,
    salon,
    { 'intervention_ids[]': 47 },
    { intervention_ids: [47], fiche },
    { hoursAhead: 30 },
  );
  await useToken(page, booked.fiche_token!);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/demo-salon/appointments?locale=en');
    await expect(page.getByTestId('appointment-card')).toHaveCount(1);
    await check(page, 'appointments');
    await page.getByTestId('appointment-menu').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await check(page, 'appointments-menu');
    await page.getByRole('menuitem', { name: 'Cancel' }).click();
    await expect(page.getByTestId('cancel-dialog')).toBeVisible();
    await check(page, 'cancel-dialog');
    await page.getByTestId('cancel-no').click();
  }
});

test('the empty appointments list with a tab per person is accessible', async ({ page, request }) => {
  await useToken(page, await camille(request));
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/demo-clinic/appointments?locale=en');
    await expect(page.getByTestId('appointments-empty')).toBeVisible();
    await check(page, 'appointments-empty');
  }
});
