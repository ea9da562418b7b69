/**
 * Findings of a first visit, each fixed and kept fixed: the mail's cancel link opens the cancel
 * dialog even when its cancel_apt is a mere flag, and the login form sends a short password to the
 * server and shows its answer (only new passwords follow the password rules).
 */
import { expect, test } from '../support/fixtures.ts';
import { activeCustomer, bookFirstFree, groupId, linkFromMail, uniqueEmail } from './account-support.ts';

test('the cancel link with cancel_apt=1 lands on the list with the cancel dialog open', async ({
  page,
  request,
}) => {
  const salon = await groupId(request, 'demo-salon');
  const fiche = {
    firstname: 'Jeanne',
    lastname: 'Flaglink',
    email: uniqueEmail('flag'),
    firstphone: '+33 6 12 34 56 78',
  };
  await bookFirstFree(
    request,
    salon,
    { 'intervention_ids[]': 36, calendar_id: 0 },
    { intervention_ids: [36], calendar_id: 0, fiche },
    { hoursAhead: 30 },
  );
  const mailLink = await linkFromMail(fiche.email, /cancel_apt=/);
  const flagLink = mailLink.replace(/cancel_apt=\d+/, 'cancel_apt=1');
  expect(flagLink).toContain('cancel_apt=1');
  await page.goto(`${flagLink}&locale=en`);
  const dialog = page.getByTestId('cancel-dialog');
  await expect(dialog).toContainText('Do you really want to cancel this appointment?');
  await expect(dialog).toContainText('For Jeanne Flaglink');
  await expect(page).toHaveURL(/\/demo-salon\/appointments/);
});

test('the login form sends a short password and shows the server answer', async ({ page, request }) => {
  const customer = await activeCustomer(request, 'demo-salon', 'shortpw');
  await page.goto('/demo-salon/login?locale=en');
  await page.getByTestId('login-email').fill(customer.email);
  await page.getByTestId('login-password').fill('abc');
  const sent = page.waitForRequest((r) => r.url().includes('/sessions/login.json') && r.method() === 'POST');
  await page.getByTestId('login-submit').click();
  const request_ = await sent;
  expect(request_.postDataJSON().credentials.password).toBe('abc');
  // The server's refusal, not a length rule of the form.
  await expect(page.getByText('The password must be at least 10 characters long.')).toHaveCount(0);
  await expect(page.getByTestId('login-form')).toContainText(/Invalid e-mail or password\./);

  // The right password, shorter or not, still logs in.
  await page.getByTestId('login-password').fill(customer.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/demo-salon\/appointments/);
});

// React Aria's own word for the hidden button that closes a popover is wrong in most languages
// (French "Rejeter" = reject, Spanish "Descartar" = discard, Italian "Ignora" = ignore) and English in
// Breton; the page gives it our own "Close" (docs/web-app.md "Texts from libraries").
for (const [locale, close, wrong] of [
  ['fr', 'Fermer', 'Rejeter'],
  ['es', 'Cerrar', 'Descartar'],
  ['it', 'Chiudi', 'Ignora'],
] as const) {
  test(`the hidden close button of a popover says "${close}" on a page in ${locale}`, async ({ page }) => {
    await page.goto(`/demo-salon/home?locale=${locale}`);
    await page.getByTestId('locale-switch').click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    // One before the menu and one after it, for a screen reader's virtual cursor.
    await expect(page.getByRole('button', { name: close, exact: true, includeHidden: true })).toHaveCount(2);
    await expect(page.getByRole('button', { name: wrong, exact: true, includeHidden: true })).toHaveCount(0);
  });
}
