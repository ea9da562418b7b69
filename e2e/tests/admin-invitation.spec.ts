/**
 * Invitations to the staff (docs/back-office.md "Invitations"), in Chromium: the owner invites an
 * address through the API; its mail's link opens the invitation page, where the person chooses a
 * name and a password by keyboard and lands in the back office with the role given. A used or
 * unknown link says it can no longer be used; a customer's address is told it needs another one.
 * axe at 1280 and 768 px.
 */
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  activeCustomer,
  apiPost,
  groupId,
  linkFromMail,
  shot,
  uniqueEmail,
  useToken,
} from './account-support.ts';
import { LEONIE, OWNER, staffToken } from './admin-support.ts';

const PASSWORD = 'Equipe#Salon2026';

async function invite(request: APIRequestContext, email: string, role: string, calendarIds: number[] | null) {
  const salon = await groupId(request, 'demo-salon');
  const token = await staffToken(request, salon, OWNER);
  await apiPost(
    request,
    `/v3/admin/groups/${salon}/invitations`,
    { email, role, calendar_ids: calendarIds },
    { token },
  );
  return linkFromMail(email, /\/invitation\?key=/);
}

test('an invited person makes a work account by keyboard and lands in the back office', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('invited');
  const link = await invite(request, email, 'staff', [LEONIE]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${link}&locale=en`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Join /);
  await expect(page.getByTestId('invitation')).toContainText(`${email} is invited to join the team`);
  await expect(page.getByTestId('invitation')).toContainText('as staff member');
  await expectAccessible(page, 'invitation 1280');
  await page.setViewportSize({ width: 768, height: 900 });
  await expectAccessible(page, 'invitation 768');
  await shot(page, 'invitation');

  // Keyboard only: the name has the focus, then the password, its confirmation and the button.
  await expect(page.getByTestId('invitation-name')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Enter your name.').first()).toBeVisible();
  await page.getByTestId('invitation-name').focus();
  await page.keyboard.type('Inès Garnier');
  await page.getByTestId('new-password').focus();
  await page.keyboard.type(PASSWORD);
  await page.getByTestId('password-confirmation').focus();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/demo-salon\/admin\?locale=en$/);
  await expect(page.getByTestId('admin-role')).toHaveText('Staff');
  // The link was used: opening it again says so.
  await page.goto(`${link}&locale=en`);
  await expect(page.getByTestId('invitation-gone')).toContainText('This invitation can no longer be used');
});

test('an unknown link and a customer address are told what to do', async ({ page, request }) => {
  await page.goto('/demo-salon/invitation?key=not-a-real-key&locale=en');
  await expect(page.getByTestId('invitation-gone')).toContainText('Ask the business for a new one');
  await expectAccessible(page, 'invitation gone');

  const customer = await activeCustomer(request, 'demo-salon', 'invited-customer');
  const link = await invite(request, customer.email, 'manager', null);
  await page.goto(`${link}&locale=en`);
  await expect(page.getByTestId('invitation-customer')).toContainText('belongs to a customer account');
  await expect(page.getByTestId('invitation-form')).toHaveCount(0);
  await expectAccessible(page, 'invitation customer');
});

test('the owner invites from the staff screen by keyboard, sees it waiting and withdraws it', async ({
  page,
  request,
}) => {
  const salon = await groupId(request, 'demo-salon');
  await useToken(page, await staffToken(request, salon, OWNER));
  const email = uniqueEmail('staff-screen');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/demo-salon/admin/staff?locale=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff');
  await expect(page.getByTestId('admin-nav-staff')).toHaveAttribute('aria-current', 'page');

  // A wrong address is refused in the form, with the focus back on it.
  await page.getByTestId('invite-email').focus();
  await page.keyboard.type('not-an-address');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('invite-error')).toHaveText('Enter a valid e-mail address.');
  await expect(page.getByTestId('invite-email')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  // Staff on one calendar: untick "every calendar", tick Léonie's.
  await expect(page.getByTestId('invite-every-calendar')).toBeFocused();
  await page.keyboard.press('Space');
  await page.getByRole('checkbox', { name: 'Léonie' }).check();
  await page.getByTestId('invite-submit').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('invite-announcement')).toHaveText(`Invitation sent to ${email}.`);
  const item = page.getByTestId('invitation-item').filter({ hasText: email });
  await expect(item).toContainText('Staff · Léonie');
  await expect(page.getByTestId('invite-email')).toHaveValue('');
  await expect(await linkFromMail(email, /\/invitation\?key=/)).toContain('/demo-salon/invitation?key=');

  // The same address again: the pending one is replaced, not doubled.
  await page.getByTestId('invite-email').fill(email);
  await page.getByTestId('invite-submit').click();
  // Sent: the form empties itself.
  await expect(page.getByTestId('invite-email')).toHaveValue('');
  await expect(page.getByTestId('invitation-item').filter({ hasText: email })).toHaveCount(1);
  // A member's address is refused in words.
  await page.getByTestId('invite-email').fill('leonie.marchand@example.com');
  await page.getByTestId('invite-submit').click();
  await expect(page.getByTestId('invite-error')).toHaveText('This person is already on the staff.');

  await expectAccessible(page, 'staff invitations 1280');
  await page.setViewportSize({ width: 768, height: 900 });
  await expectAccessible(page, 'staff invitations 768');
  await shot(page, 'staff-invitations');

  await item.getByTestId('invitation-withdraw').click();
  await expect(page.getByTestId('invite-announcement')).toHaveText(`Invitation to ${email} withdrawn.`);
  await expect(page.getByTestId('invitation-item').filter({ hasText: email })).toHaveCount(0);
});
