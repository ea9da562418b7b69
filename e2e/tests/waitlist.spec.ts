/**
 * The waiting list in the browser (docs/waitlist.md): a visitor joins it from the slot step, the
 * booking holding the time is cancelled through the API, the offer mail's link opens the offer page,
 * and its one button books the time. axe on each view; SCREENSHOTS=1 saves them at 360 and 1280 px.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import {
  activeCustomer,
  apiPost,
  bookFirstFree,
  groupId,
  linkFromMail,
  uniqueEmail,
  uniquePhone,
  useToken,
} from './account-support.ts';

const LEONIE = 23;
const WOMENS_CUT = 35;

async function look(page: Page, name: string) {
  await expectAccessible(page, name);
  if (!process.env.SCREENSHOTS) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `../screenshots/tmp/waitlist-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('join the waiting list from the slots, a cancellation frees a time, the mail’s link books it', async ({
  page,
  request,
}) => {
  // The scan runs in the minute after the change: up to a minute and a few seconds of waiting.
  test.setTimeout(180_000);
  const salon = await groupId(request, 'demo-salon');
  // A time three weeks ahead, where other suites rarely book, held by someone who will cancel.
  const holder = await bookFirstFree(
    request,
    salon,
    { 'intervention_ids[]': WOMENS_CUT, calendar_id: LEONIE },
    {
      intervention_ids: [WOMENS_CUT],
      calendar_id: LEONIE,
      fiche: {
        firstname: 'Holder',
        lastname: 'Waitlist',
        email: uniqueEmail('holder'),
        firstphone: uniquePhone(),
      },
    },
    { hoursAhead: 21 * 24 },
  );
  const held = holder.records[0]!;
  const day = new Date(held.start).toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/demo-salon?intervention_ids=${WOMENS_CUT}&calendar_id=${LEONIE}&locale=en`);
  await expect(page).toHaveURL(/\/book\/slots\?/);
  await page.getByRole('button', { name: 'Tell me when a time frees up' }).click();
  const email = uniqueEmail('waiter');
  await page.getByLabel('Your e-mail address', { exact: true }).fill(email);
  await page.getByLabel('First name', { exact: true }).fill('Wanda');
  await page.getByLabel('Last name', { exact: true }).fill('Waiting');
  await page.getByLabel('Phone number', { exact: true }).fill(uniquePhone());
  await page.getByLabel('From', { exact: true }).fill(day);
  await page.getByLabel('Until', { exact: true }).fill(day);
  await look(page, 'join');
  await page.getByRole('button', { name: 'Notify me' }).press('Enter');
  await expect(page.getByTestId('waitlist-done')).toContainText(email);

  await apiPost(
    request,
    `/v3/groups/${salon}/appointments/batch_delete`,
    { appointments: [{ id: held.id }] },
    { token: holder.fiche_token! },
  );
  const link = await linkFromMail(email, /\/waitlist\/offer\?offerKey=/, 120_000);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'A time has freed up' })).toBeVisible();
  await expect(page.getByText('Women')).toBeVisible();
  await look(page, 'offer');
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByTestId('offer-booked')).toBeVisible();
  await look(page, 'booked');

  // The booking is the waiting person's, on the offered day.
  const offered = await page.getByTestId('offer-booked').textContent();
  expect(offered).toBeTruthy();
  const again = await request.post(`/api/v3/waitlist/offer/confirm?apikey=creneau-dev`, {
    data: { token: new URL(link, 'http://x').searchParams.get('offerKey') },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('waitlistOfferUsed');
});

test('from an appointment: “Tell me if something earlier frees up”, by keyboard', async ({
  page,
  request,
}) => {
  const salon = await groupId(request, 'demo-salon');
  // Changing appointments is for logged-in customers: the same holds for bringing one forward.
  const customer = await activeCustomer(request, 'demo-salon', 'early');
  await bookFirstFree(
    request,
    salon,
    { 'intervention_ids[]': WOMENS_CUT, calendar_id: LEONIE },
    {
      intervention_ids: [WOMENS_CUT],
      calendar_id: LEONIE,
      fiche: { firstname: 'Early', lastname: 'Bird', firstphone: uniquePhone() },
    },
    { hoursAhead: 14 * 24, token: customer.token },
  );
  await useToken(page, customer.token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/demo-salon/appointments?locale=en');
  const open = page.getByRole('button', { name: 'Tell me if something earlier frees up' });
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  // The address is the account's, the names the appointment's record's.
  await expect(page.getByLabel('Your e-mail address', { exact: true })).toHaveValue(customer.email);
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Early');
  await page.getByLabel('Phone number', { exact: true }).fill(uniquePhone());
  await look(page, 'earlier');
  await page.getByRole('button', { name: 'Notify me' }).press('Enter');
  await expect(page.getByTestId('waitlist-done')).toContainText(customer.email);
  await expectAccessible(page, 'earlier-done');
});
