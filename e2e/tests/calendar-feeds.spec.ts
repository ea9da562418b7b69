/**
 * Calendar subscriptions in the back office (docs/back-office.md "Calendar subscriptions"), in
 * Chromium: the owner makes a subscription to "my appointments" by keyboard, sees its address once
 * and copies it; the address answers text/calendar with the demo salon's appointments; revoked
 * after a confirmation, it answers 404. A staff member is offered only her own calendar. axe and
 * no horizontal overflow at 1280 and 360 px (screenshots at each).
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { bookFirstFree, groupId, shot, uniqueEmail, uniquePhone } from './account-support.ts';
import { WOMENS_CUT as CUT, LEONIE, type Login, OWNER, openAdminAs, STAFF } from './admin-support.ts';
import { noPageOverflow } from './booking-helpers.ts';

async function openSubscriptions(page: Page, login: Login) {
  await openAdminAs(page, login);
  await page.getByTestId('admin-nav-subscriptions').press('Enter');
  await expect(page).toHaveURL(/\/demo-salon\/admin\/subscriptions\?locale=en$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar subscriptions' })).toBeVisible();
}

async function checkWidths(page: Page, label: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await noPageOverflow(page, `${label} at ${width}px`);
    await expectAccessible(page, `${label} at ${width}px`);
    await shot(page, `admin-${label.replace(/\W+/g, '-')}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the owner subscribes by keyboard, the address serves the appointments, and stops once revoked', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The browser tests start from an empty agenda: one booking of the demo salon's to find in the feed.
  const salon = await groupId(request, 'demo-salon');
  const booked = await bookFirstFree(
    request,
    salon,
    { 'intervention_ids[]': CUT, calendar_id: LEONIE },
    {
      intervention_ids: [CUT],
      calendar_id: LEONIE,
      fiche: {
        firstname: 'Maëlle',
        lastname: 'Abonnée',
        email: uniqueEmail('feed'),
        firstphone: uniquePhone(),
      },
    },
    { hoursAhead: 48 },
  );
  const appointmentId = booked.records[0]!.id;
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSubscriptions(page, OWNER);
  await expect(page.getByTestId('feed-help')).toContainText('Google Calendar');
  await expect(page.getByTestId('feed-list')).toBeVisible();
  await checkWidths(page, 'subscriptions');

  // Keyboard only: the choice, then the button.
  await page.getByTestId('feed-what').focus();
  await expect(page.getByTestId('feed-what')).toHaveValue('mine');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('feed-create')).toBeFocused();
  await page.keyboard.press('Enter');

  // The address, shown once, gets the focus; copying it puts it on the clipboard.
  const created = page.getByTestId('feed-created');
  await expect(created.getByRole('heading', { name: 'Your subscription address' })).toBeFocused();
  const url = await page.getByTestId('feed-url').inputValue();
  expect(url).toMatch(/\/api\/v3\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
  await page.getByTestId('feed-copy').click();
  await expect(page.getByTestId('feed-copy-status')).toHaveText('Address copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await checkWidths(page, 'subscription created');

  // The address is read by a calendar app with no session and no API key.
  const path = new URL(url).pathname;
  const feed = await request.get(path);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  // Unfolded (RFC 5545 §3.1): a long line may be cut anywhere.
  const text = (await feed.text()).replace(/\r\n /g, '');
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toMatch(/X-WR-CALNAME:.*Atelier/);
  // The salon's appointments are there, each with its appointment's UID.
  expect(text).toContain(`UID:appointment-${appointmentId}@creneau`);
  expect(text).toContain('Maëlle Abonnée');

  // The new row is listed as the owner's, and read once by now.
  const row = page.getByTestId('feed-item').filter({ hasText: 'My appointments' }).first();
  await expect(row).toBeVisible();

  // Revoke, after a confirmation that can be declined.
  const rows = page.getByTestId('feed-item');
  const before = await rows.count();
  await row.getByTestId('feed-revoke').click();
  await expect(page.getByRole('alertdialog')).toContainText('Revoke this subscription?');
  await expectAccessible(page, 'revoke confirmation');
  await page.getByTestId('feed-confirm-keep').click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(rows).toHaveCount(before);
  await row.getByTestId('feed-revoke').click();
  await page.getByTestId('feed-confirm-revoke').click();
  await expect(page.getByTestId('feed-list-status')).toContainText('Subscription revoked');
  await expect(rows).toHaveCount(before - 1);
  await expect(page.getByTestId('feed-list')).toBeFocused();
  // The address shown for it goes with it.
  await expect(created).toHaveCount(0);

  const gone = await request.get(path);
  expect(gone.status()).toBe(404);
  expect(await gone.json()).toMatchObject({ message: 'feedNotFound' });
});

test('a staff member is offered only her own calendar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSubscriptions(page, STAFF);
  const options = page.getByTestId('feed-what').locator('option');
  await expect(options.first()).toHaveText('My appointments (all my calendars)');
  await expect(options).toHaveCount(2);
  await expect(options.nth(1)).toContainText('Léonie');
});
