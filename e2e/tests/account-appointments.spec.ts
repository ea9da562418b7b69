/**
 * The appointments list and what is done from it (docs/requirements/accounts-and-appointments.md §2, §4): a pack cancelled as a whole,
 * appointments booked together with the ones to keep unticked, the cancel and export links of the
 * confirmation mail used without logging in, the video button's states under a controlled clock.
 * Bookings are made through the API by visitors (each gets its own guest session and record), so
 * the tests own their data.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  bookFirstFree,
  groupId,
  linkFromMail,
  listAppointments,
  shot,
  uniqueEmail,
  uniquePhone,
  useToken,
} from './account-support.ts';

const person = (tag: string, extra: Record<string, string> = {}) => ({
  firstname: 'Jeanne',
  lastname: `Test${tag}`,
  email: uniqueEmail(tag),
  firstphone: uniquePhone(),
  ...extra,
});

async function openMenuAction(page: Page, action: string, index = 0) {
  await page.getByTestId('appointment-card').nth(index).getByTestId('appointment-menu').click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('a pack is cancelled as a whole, its steps shown in the dialog', async ({ page, request }) => {
  const salon = await groupId(request, 'demo-salon');
  const booked = await bookFirstFree(
    request,
    salon,
    { 'intervention_ids[]': 47 },
    { intervention_ids: [47], fiche: person('pack') },
    { hoursAhead: 30 },
  );
  expect(booked.records).toHaveLength(3);
  await useToken(page, booked.fiche_token!);

  await page.goto('/demo-salon/appointments?locale=en');
  const card = page.getByTestId('appointment-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('pack-tag')).toHaveText('Pack');
  await expect(card.getByRole('list', { name: 'Steps of the pack' }).getByRole('listitem')).toHaveCount(3);
  await shot(page, 'appointments-pack');

  await openMenuAction(page, 'Cancel');
  const dialog = page.getByTestId('cancel-dialog');
  await expect(dialog).toContainText('Do you really want to cancel these appointments?');
  await expect(dialog.getByRole('list', { name: 'Steps of the pack' }).getByRole('listitem')).toHaveCount(3);
  await expect(dialog.getByTestId('cancel-check')).toHaveCount(0);
  await shot(page, 'cancel-pack');
  await dialog.getByRole('button', { name: 'Yes, cancel them' }).click();
  await expect(page.getByTestId('appointments-empty')).toBeVisible();
  expect(await listAppointments(request, salon, booked.fiche_token!)).toEqual([]);
});

test('appointments booked together: untick the ones to keep', async ({ page, request }) => {
  const salon = await groupId(request, 'demo-salon');
  const booked = await bookFirstFree(
    request,
    salon,
    { intervention_ids: '35,43', calendar_id: 0 },
    { intervention_ids: [35, 43], calendar_id: 0, fiche: person('together') },
    { hoursAhead: 30 },
  );
  expect(booked.records).toHaveLength(2);
  await useToken(page, booked.fiche_token!);

  await page.goto('/demo-salon/appointments?locale=en');
  await expect(page.getByTestId('appointment-card')).toHaveCount(2);
  await openMenuAction(page, 'Cancel', 1);
  const dialog = page.getByTestId('cancel-dialog');
  await expect(dialog.getByRole('heading', { name: 'Cancel appointments' })).toBeVisible();
  const checks = dialog.getByTestId('cancel-check');
  await expect(checks).toHaveCount(2);
  await expect(checks.nth(0)).toBeChecked();
  await expect(checks.nth(1)).toBeChecked();
  await checks.nth(1).uncheck();
  await expect(dialog).toContainText('Do you really want to cancel this appointment?');
  await shot(page, 'cancel-several');
  await checks.nth(0).uncheck();
  await expect(dialog.getByRole('status')).toHaveText('Tick at least one appointment to cancel.');
  await checks.nth(0).check();
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByTestId('appointment-card')).toHaveCount(1);
  const left = await listAppointments(request, salon, booked.fiche_token!);
  expect(left.map((a) => a.id)).toEqual([booked.records[1]!.id]);
});

test('the cancel link of the confirmation mail works without logging in, once', async ({ page, request }) => {
  const salon = await groupId(request, 'demo-salon');
  const fiche = person('link');
  const booked = await bookFirstFree(
    request,
    salon,
    { 'intervention_ids[]': 36, calendar_id: 0 },
    { intervention_ids: [36], calendar_id: 0, fiche },
    { hoursAhead: 30 },
  );

  const cancelLink = await linkFromMail(fiche.email, /cancel_apt=/);
  await page.goto(`${cancelLink}&locale=en`);
  const dialog = page.getByTestId('cancel-dialog');
  await expect(dialog).toContainText('Do you really want to cancel this appointment?');
  await expect(dialog).toContainText(`For Jeanne ${fiche.lastname}`);
  // The key does not stay in the address once used.
  await expect(page).not.toHaveURL(/ficheKey/);
  await shot(page, 'cancel-link');
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  const confirmation = page.getByTestId('popup-alert');
  await expect(confirmation.getByRole('heading', { name: 'Cancellation confirmed' })).toBeVisible();
  await expect(confirmation).toContainText('Your appointment has been cancelled.');
  await confirmation.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/demo-salon\/home\?locale=en$/);
  expect(await listAppointments(request, salon, booked.fiche_token!)).toEqual([]);

  // Followed again, the link finds nothing left to cancel and gives the phone number.
  await page.goto(`${cancelLink}&locale=en`);
  await expect(page.getByTestId('cancel-nothing')).toContainText('has already been cancelled');
  // The salon's phone (a French number): not the demo's one written out, as the settings tests
  // change it for a while, beside this one (which phone the server sends: CancelDialog's tests).
  await expect(page.getByTestId('cancel-nothing').getByRole('link')).toHaveAttribute(
    'href',
    /^tel:\+334\d{8}$/,
  );
});

test('the calendar link of the confirmation mail opens the add-to-calendar popup', async ({
  page,
  request,
}) => {
  const salon = await groupId(request, 'demo-salon');
  const fiche = person('export');
  const booked = await bookFirstFree(
    request,
    salon,
    { 'intervention_ids[]': 37, calendar_id: 0 },
    { intervention_ids: [37], calendar_id: 0, fiche },
    { hoursAhead: 30 },
  );
  const exportLink = await linkFromMail(fiche.email, /export_apt=/);
  await page.goto(`${exportLink}&locale=en`);
  const popup = page.getByTestId('popup-add-to-calendar');
  await expect(popup.getByRole('heading', { name: 'Add to my calendar' })).toBeVisible();
  await expect(popup.getByRole('link', { name: /Download the event/ })).toHaveAttribute(
    'href',
    new RegExp(
      `/api/v3/groups/${salon}/appointments/${booked.records[0]!.id}\\.ics\\?apikey=creneau-dev&token=`,
    ),
  );
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/demo-salon\/home\?locale=en$/);
});

test('the video button waits, opens 15 minutes before and closes 5 minutes after', async ({
  page,
  request,
}) => {
  const clinic = await groupId(request, 'demo-clinic');
  const booked = await bookFirstFree(
    request,
    clinic,
    { 'intervention_ids[]': 24, calendar_id: 8 },
    {
      intervention_ids: [24],
      calendar_id: 8,
      fiche: person('video', { birthdate: '1985-04-12', versicherung: 'gkv' }),
    },
    { hoursAhead: 26, notBeforeHour: 9 },
  );
  const start = new Date(booked.records[0]!.start).getTime();
  await useToken(page, booked.fiche_token!);
  await page.clock.install({ time: new Date(start - 20 * 60_000) });

  await page.goto('/demo-clinic/appointments?locale=en');
  const button = page.getByTestId('video-button');
  await expect(button).toHaveAttribute('data-state', 'toCome');
  await expect(button).toHaveText('Video call: opens 15 minutes before');
  await expect(page.getByRole('link', { name: /Join the video call/ })).toHaveCount(0);
  await shot(page, 'video-to-come');

  // 14 min 30 s before the start: the next 30-second check opens it.
  await page.clock.fastForward(5.5 * 60_000);
  await expect(button).toHaveAttribute('data-state', 'join');
  const join = page.getByRole('link', { name: /Join the video call/ });
  await expect(join).toHaveAttribute('target', '_blank');
  await expect(join).toHaveAttribute('href', /^https:\/\/meet\.jit\.si\/\S+/);
  await shot(page, 'video-join');

  // 5 minutes after the start the checks stop and the list is read again.
  const refreshed = page.waitForRequest((r) => r.url().includes('/api/v3/appointments?'));
  await page.clock.fastForward(20 * 60_000);
  await refreshed;
  await expect(button).toHaveAttribute('data-state', 'finished');
  await expect(button).toHaveText('Video call finished');
});

test('book again and change hand the appointment over to the booking', async ({ page, request }) => {
  const salon = await groupId(request, 'demo-salon');
  const booked = await bookFirstFree(
    request,
    salon,
    { 'intervention_ids[]': 43, calendar_id: 0 },
    { intervention_ids: [43], calendar_id: 0, fiche: person('again') },
    { hoursAhead: 30 },
  );
  await useToken(page, booked.fiche_token!);
  await page.goto('/demo-salon/appointments?locale=en');
  const handedOver = page.waitForURL(/\/demo-salon\/book\/\w+\?locale=en&take_apt=\d+$/);
  await openMenuAction(page, 'Book again');
  await handedOver;
  // The booking flow takes it from there (its own tests cover the retake rules) and drops the parameter.
  await expect(page).toHaveURL(/\/demo-salon\/book\/\w+\?locale=en$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Changing needs an account (Account profile): a guest session is not offered it.
  await page.goto('/demo-salon/appointments?locale=en');
  await page.getByTestId('appointment-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Change' })).toHaveCount(0);
});

test('"Get there" opens the map on the appointment’s own site', async ({ page, request }) => {
  const clinic = await groupId(request, 'demo-clinic');
  // An urgent consultation with Dr Vogel, at the Pasing site (its own address).
  const booked = await bookFirstFree(
    request,
    clinic,
    { 'intervention_ids[]': 11, calendar_id: 14 },
    {
      intervention_ids: [11],
      calendar_id: 14,
      fiche: person('pasing', { birthdate: '1979-06-05', versicherung: 'gkv' }),
    },
    { hoursAhead: 50 },
  );
  await useToken(page, booked.fiche_token!);
  await page.goto('/demo-clinic/appointments?locale=en');
  await openMenuAction(page, 'Get there');
  await expect(page).toHaveURL(/\/demo-clinic\/map\?locale=en$/);
  const address = page.getByTestId('map-address');
  await expect(address).toContainText('Bäckerstraße 9');
  await expect(address).toContainText('81241 München');
  await expect(page.getByTestId('leaflet-map').locator('.leaflet-marker-icon')).toHaveCount(1);
  await page.getByTestId('map-back').click();
  await expect(page).toHaveURL(/\/demo-clinic\/appointments\?locale=en$/);
});
