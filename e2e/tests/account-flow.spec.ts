/**
 * The customer's way in (docs/requirements/accounts-and-appointments.md §2, §4, §5, §8): register, follow the activation link from the
 * mail, choose a password, add a person, book, see the appointment, cancel it; the lockout after
 * repeated failed logins; a forgotten password reset through its mail link.
 */
import { expect, test } from '../support/fixtures.ts';
import {
  activeCustomer,
  apiPost,
  bookFirstFree,
  groupId,
  linkFromMail,
  listAppointments,
  shot,
  uniqueEmail,
  uniquePhone,
} from './account-support.ts';

const NEW_PASSWORD = 'Brosse&Peigne42';

test('register, activate from the mail, add a person, book, see it and cancel it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('camille');
  await page.goto('/demo-salon/register?locale=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  const submit = page.getByTestId('register-submit');
  await expect(submit).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('register-email').fill('not-an-address');
  await page.getByTestId('register-email').blur();
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();
  await page.getByTestId('register-email').fill(email);
  await expect(submit).not.toHaveAttribute('aria-disabled');
  await submit.click();

  await expect(page).toHaveURL(/\/demo-salon\/register_confirm\?locale=en$/);
  await expect(page.getByTestId('sent-to')).toHaveText(email);
  await shot(page, 'register-confirm');

  // The activation link asks for a password (none was given at registration).
  const link = await linkFromMail(email, /\/demo-salon\/login\?validation_key=/);
  expect(link).toContain('set_password=1');
  await page.goto(`${link}&locale=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Activate your account' })).toBeVisible();
  const checklist = page.getByTestId('password-checklist');
  await page.getByTestId('new-password').fill('short');
  await expect(checklist.locator('[data-ok="true"]')).toHaveCount(2);
  await page.getByTestId('new-password').fill(NEW_PASSWORD);
  await expect(checklist.locator('[data-ok="false"]')).toHaveCount(0);
  await page.getByTestId('password-confirmation').fill('Brosse&Peigne43');
  await page.getByTestId('password-confirmation').blur();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();
  await page.getByTestId('password-confirmation').fill(NEW_PASSWORD);
  await shot(page, 'activation');
  await page.getByTestId('password-submit').click();

  // Activated and logged in: the (empty) appointments list.
  await expect(page).toHaveURL(/\/demo-salon\/appointments\?locale=en$/);
  await expect(page.getByTestId('appointments-empty')).toBeVisible();
  await expect(page.getByTestId('book-button')).toBeVisible();
  await shot(page, 'appointments-empty');

  // A first person, from the records page.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'My information' }).click();
  await expect(page).toHaveURL(/\/demo-salon\/fiches/);
  await expect(page.getByTestId('tab-settings')).toBeVisible();
  await page.getByTestId('tab-add').click();
  await page.getByTestId('record-new-firstname').fill('Camille');
  await page.getByTestId('record-new-lastname').fill('Martin');
  await page.getByTestId('record-new-firstphone').fill(uniquePhone());
  await page.getByTestId('record-save').click();
  await expect(page.getByTestId('tab-record')).toHaveText(/Camille/);
  await shot(page, 'records');

  // The booking itself, through the API with this browser's session.
  const token = await page.evaluate(() => window.localStorage.getItem('creneau.token'));
  expect(token).toBeTruthy();
  const salon = await groupId(request, 'demo-salon');
  const fiches = await request.get(`/api/v3/groups/${salon}/fiches?apikey=creneau-dev&token=${token}`);
  const fiche = ((await fiches.json()) as { records: { id: number }[] }).records[0]!;
  const booked = await bookFirstFree(
    request,
    salon,
    { 'intervention_ids[]': 35, calendar_id: 0 },
    { fiche: fiche.id, intervention_ids: [35] },
    { hoursAhead: 30, token: token! },
  );

  await page.goto('/demo-salon/appointments?locale=en');
  const card = page.getByTestId('appointment-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Women’s cut & blow-dry');
  await expect(card).toContainText('1 hr');
  // The salon's mornings are discounted: the badge follows what the booking got.
  const { is_promoted, promotion } = booked.records[0]!;
  if (is_promoted) await expect(card.getByTestId('promotion-badge')).toHaveText(new RegExp(`-${promotion}%`));
  else await expect(card.getByTestId('promotion-badge')).toHaveCount(0);
  await shot(page, 'appointments-one');
  await card.getByTestId('appointment-menu').click();
  await shot(page, 'appointment-menu');
  await expect(page.getByRole('menuitem')).toHaveText([
    'Cancel',
    'Change',
    'Book again',
    'Add to my calendar',
    'Get there',
  ]);
  await page.getByRole('menuitem', { name: 'Cancel' }).click();
  const dialog = page.getByTestId('cancel-dialog');
  await expect(dialog.getByRole('heading', { name: 'Cancel the appointment' })).toBeVisible();
  await expect(dialog).toContainText('Do you really want to cancel this appointment?');
  await expect(dialog).toContainText('Women’s cut & blow-dry');
  await expect(dialog).toContainText('For Camille Martin');
  await shot(page, 'cancel-single');
  await dialog.getByTestId('cancel-yes').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('notification')).toHaveText(/Your appointment has been cancelled/);
  await expect(page.getByTestId('appointment-card')).toHaveCount(0);
  expect((await listAppointments(request, salon, token!)).map((a) => a.id)).not.toContain(
    booked.records[0]!.id,
  );
});

test('repeated failed logins block the account for 10 minutes', async ({ page, request }) => {
  const customer = await activeCustomer(request, 'demo-salon', 'lockout');
  await page.goto('/demo-salon/login?locale=en');
  const emailField = page.getByTestId('login-email');
  const passwordField = page.getByTestId('login-password');
  const submit = page.getByTestId('login-submit');

  // The form checks before asking, only that a password is there (any length may log in).
  await emailField.fill(customer.email);
  await expect(submit).toHaveAttribute('aria-disabled', 'true');
  await passwordField.press('Enter');
  await expect(page.getByText('Please enter your current password.')).toBeVisible();

  for (let attempt = 1; attempt <= 5; attempt++) {
    await passwordField.fill(`Wrong-guess-${attempt}`);
    await submit.click();
    await expect(page.getByTestId('login-error')).toHaveText(/Invalid e-mail or password\./);
    await expect(passwordField).toHaveValue('');
  }
  // Even the right password is refused now.
  await passwordField.fill(customer.password);
  await submit.click();
  await expect(page.getByTestId('login-error')).toContainText(
    'Too many failed attempts: your account is blocked for 10 minutes.',
  );
  await shot(page, 'login-blocked');
  await expect(page).toHaveURL(/\/demo-salon\/login/);
});

test('a forgotten password is reset through the link in its mail', async ({ page, request }) => {
  const customer = await activeCustomer(request, 'demo-salon', 'forgot');
  await page.goto('/demo-salon/login?locale=en');
  await page.getByTestId('forgot-password').click();
  await expect(page).toHaveURL(/\/demo-salon\/reset_password\?locale=en$/);
  await page.getByTestId('reset-email').fill(customer.email);
  await page.getByTestId('reset-submit').click();
  await expect(page).toHaveURL(/\/demo-salon\/reset_password_confirm/);
  await expect(page.getByTestId('sent-to')).toHaveText(customer.email);

  const link = await linkFromMail(customer.email, /\/demo-salon\/reset_password\?oubliKey=/);
  await page.goto(`${link}&locale=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByTestId('new-password').fill(NEW_PASSWORD);
  await shot(page, 'reset-new');
  await page.getByTestId('password-confirmation').fill(NEW_PASSWORD);
  await page.getByTestId('password-submit').click();
  await expect(page).toHaveURL(/\/demo-salon\/appointments\?locale=en$/);
  await expect(page.getByTestId('notification')).toHaveText(/Your password has been changed/);

  // The old password no longer works; the new one does; the link was single-use.
  const salon = await groupId(request, 'demo-salon');
  const old = await request.post('/api/v3/sessions/login.json?apikey=creneau-dev', {
    data: {
      credentials: { email: customer.email, password: customer.password },
      account: { group_id: salon },
    },
  });
  expect(old.status()).toBe(401);
  await apiPost(request, '/v3/sessions/login.json', {
    credentials: { email: customer.email, password: NEW_PASSWORD },
    account: { group_id: salon },
  });
  await page.goto(`${link}&locale=en`);
  await page.getByTestId('new-password').fill('Autre#Secret2026');
  await page.getByTestId('password-confirmation').fill('Autre#Secret2026');
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('password-form-error')).toContainText('This link is no longer valid.');
});
