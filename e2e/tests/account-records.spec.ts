/**
 * The records page (docs/requirements/accounts-and-appointments.md §2 customer-records page, §4 account page, §5): people added up to the
 * limit of 8, edited with the unsaved-changes flag and the browser's warning, removed; the account
 * settings: e-mail change (alert, then confirmation from the new address) and password change.
 */
import { expect, test } from '../support/fixtures.ts';
import { activeCustomer, linkFromMail, shot, uniqueEmail, useToken } from './account-support.ts';

test('people are added up to 8, edited with an unsaved flag, and removed', async ({ page, request }) => {
  test.setTimeout(90_000);
  const customer = await activeCustomer(request, 'demo-salon', 'records');
  await useToken(page, customer.token);
  await page.goto('/demo-salon/fiches?locale=en');
  await expect(page.getByRole('heading', { level: 1, name: 'My information' })).toBeVisible();
  await expect(page.getByTestId('tab-record')).toHaveCount(0);

  for (let n = 1; n <= 8; n++) {
    await page.getByTestId('tab-add').click();
    await page.getByTestId('record-new-firstname').fill(`Person${n}`);
    await page.getByTestId('record-new-lastname').fill('Lefort');
    await page.getByTestId('record-new-firstphone').fill(`+33 6 00 00 00 0${n}`);
    await page.getByTestId('record-save').click();
    await expect(page.getByTestId('tab-record')).toHaveCount(n);
    await expect(page.getByRole('tab', { name: `Person${n}`, selected: true })).toBeVisible();
  }
  // Eight people: no add tab any more.
  await expect(page.getByTestId('tab-add')).toHaveCount(0);
  await expect(page.getByTestId('records-full')).toHaveText(
    'You have reached the maximum of 8 people for this account.',
  );
  await shot(page, 'records-full');

  // Editing flags the tab until it is saved, and the draft survives a tab switch.
  await page.getByRole('tab', { name: 'Person3' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByTestId('record-save')).toHaveAttribute('aria-disabled', 'true');
  await panel.getByLabel(/First name/).fill('Personne3');
  await expect(page.getByRole('tab', { name: /Person3/ }).getByTestId('unsaved-flag')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Person3/ })).toHaveAccessibleName('Person3 (unsaved changes)');
  await page.getByRole('tab', { name: 'Person1' }).click();
  await page.getByRole('tab', { name: /Person3/ }).click();
  await expect(panel.getByLabel(/First name/)).toHaveValue('Personne3');
  await shot(page, 'records-unsaved');

  // A required field left empty: the error is announced and saving waits.
  await panel.getByLabel(/Last name/).fill('');
  await panel.getByLabel(/Last name/).blur();
  await expect(panel.getByText(/required|fill/i).first()).toBeVisible();
  await panel.getByLabel(/Last name/).fill('Lefort');
  await panel.getByTestId('record-save').click();
  await expect(page.getByRole('tab', { name: 'Personne3', exact: true })).toBeVisible();
  await expect(page.getByTestId('unsaved-flag')).toHaveCount(0);

  // Removing one brings the add tab back.
  await page.getByRole('tab', { name: 'Person8' }).click();
  await page.getByRole('tabpanel').getByTestId('record-remove').click();
  await page.getByTestId('record-remove-dialog').getByTestId('record-remove-confirm').click();
  await expect(page.getByTestId('tab-record')).toHaveCount(7);
  await expect(page.getByTestId('tab-add')).toBeVisible();

  // Leaving with a change not saved raises the browser's warning.
  await page.getByRole('tab', { name: 'Person1' }).click();
  await page
    .getByRole('tabpanel')
    .getByLabel(/First name/)
    .fill('Changed');
  const warned = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await warned).toBe('beforeunload');
});

test('the settings tab changes the e-mail (confirmed from the new address) and the password', async ({
  page,
  request,
}) => {
  const customer = await activeCustomer(request, 'demo-salon', 'settings');
  await useToken(page, customer.token);
  await page.goto('/demo-salon/fiches?locale=en');
  await expect(page.getByRole('tab', { name: 'My account', selected: true })).toBeVisible();
  await expect(page.getByTestId('current-email')).toHaveText(customer.email);

  const save = page.getByTestId('email-save');
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('new-email').fill(customer.email.toUpperCase());
  await page.getByTestId('new-email').blur();
  await expect(page.getByText('This is already your e-mail address.')).toBeVisible();
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  const newEmail = uniqueEmail('moved');
  await page.getByTestId('new-email').fill(newEmail);
  await expect(save).not.toHaveAttribute('aria-disabled');
  await save.click();
  const alert = page.getByTestId('popup-alert');
  await expect(alert.getByRole('heading', { name: 'Check your new address' })).toBeVisible();
  await expect(alert).toContainText(`A confirmation link has been sent to ${newEmail}.`);
  await shot(page, 'email-changed');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('email-pending')).toContainText(newEmail);

  // The password: the current one is checked by the server.
  await page.getByTestId('current-password').fill('Not-my-password1');
  await page.getByTestId('new-password').fill('Nouveau#Secret26');
  await page.getByTestId('password-confirmation').fill('Nouveau#Secret26');
  await page.getByTestId('password-submit').click();
  await expect(page.getByText('Unable to connect: incorrect password.')).toBeVisible();
  await page.getByTestId('current-password').fill(customer.password);
  await page.getByTestId('new-password').fill('Nouveau#Secret26');
  await page.getByTestId('password-confirmation').fill('Nouveau#Secret26');
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('notification')).toHaveText(/Your password has been changed/);
  await shot(page, 'settings');

  // The link sent to the new address: logging in with the current address confirms it.
  const link = await linkFromMail(newEmail, /temp_email=/);
  await page.goto(`${link}&locale=en`);
  await expect(page.getByTestId('login-link-notice')).toContainText(newEmail);
  await expect(page.getByTestId('login-email')).toHaveValue(customer.email);
  await page.getByTestId('login-password').fill('Nouveau#Secret26');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/demo-salon\/appointments\?locale=en$/);
  await expect(page.getByTestId('notification')).toHaveText(/Your new e-mail address is confirmed/);
  await page.goto('/demo-salon/fiches?locale=en');
  await expect(page.getByTestId('current-email')).toHaveText(newEmail);
});
