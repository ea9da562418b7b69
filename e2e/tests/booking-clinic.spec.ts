/**
 * Booking on demo-clinic (docs/requirements/booking-flow.md §2 screens 3–5): a site (calendar set) first, categories and
 * services of that site only, a practitioner, then a room (resource) for a service that needs one,
 * a birth date typed in the page language's format, the insurance question; and the town hall's
 * government request with its reference number (docs/requirements/accounts-and-appointments.md §5 str9); a video consultation with its
 * terms to accept (docs/requirements/accounts-and-appointments.md §2, §5); "go there" on the confirmation of a booking at the Pasing site,
 * whose own address the map then shows (docs/requirements/accounts-and-appointments.md §2), and not for one at the group's address.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  appointmentsOf,
  checkPage,
  dayAhead,
  fill,
  firstDayOfSlots,
  groupOf,
  heading,
  pageToken,
  pickSlot,
} from './booking-helpers.ts';

// Whole bookings with axe on each step: longer than a page check.
test.describe.configure({ timeout: 60_000 });

const PASING = 5;
const PHYSIO_CATEGORY = 8;
const PHYSIO = 21;
const MARKUS = 15;
const ROOM_1 = 18;
const SCHWABING = 4;
// An urgent consultation (no room needed) at either site.
const GENERAL_CATEGORY = 5;
const URGENT = 11;
const HOFFMANN = 9;
const VOGEL = 14;

test('a clinic booking that needs a room', async ({ page, request }) => {
  const group = await groupOf(request, 'demo-clinic');
  const { day, slots } = await firstDayOfSlots(request, group.id, {
    start: dayAhead(4, group.timezone),
    appointments: [{ intervention_id: PHYSIO }],
    calendar_id: MARKUS,
    resource_id: ROOM_1,
  });
  const slot = slots.at(-1)!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/demo-clinic/book/calendarset_id?locale=en&date=${day}`);
  await expect(heading(page)).toHaveText('Choose a location');
  await checkPage(page, 'calendarsets');
  await page.getByTestId(`calendarset-${PASING}`).click();

  // Dermatology is practised in Schwabing only: not offered at Pasing.
  await expect(heading(page)).toHaveText('Choose a category');
  await expect(page.getByTestId('category-list').getByRole('listitem')).toHaveCount(4);
  await expect(page.getByTestId('category-7')).toHaveCount(0);
  await page.getByTestId(`category-${PHYSIO_CATEGORY}`).click();
  await page.getByTestId(`service-${PHYSIO}`).click();

  await expect(heading(page)).toHaveText('Choose a practitioner');
  await expect(page.getByTestId('calendar-list').getByRole('listitem')).toHaveCount(3);
  await page.getByTestId(`calendar-${MARKUS}`).click();

  await expect(heading(page)).toHaveText('Choose a resource');
  await expect(page.getByTestId('resource-any')).toBeVisible();
  await checkPage(page, 'resources');
  await page.getByTestId(`resource-${ROOM_1}`).click();

  await expect(heading(page)).toHaveText('Choose a date and time');
  await expect(page.getByTestId('booking-summary')).toContainText('Therapy room 1');
  await expect(page.getByTestId('booking-summary')).toContainText('Pasing');
  await pickSlot(page, slot);

  await expect(page.getByTestId('health-disclaimer')).toBeVisible();
  // No comment box: the clinic's own form asks for the reason.
  await expect(page.getByTestId('comment')).toHaveCount(0);
  await fill(page, 'fiche', {
    firstname: 'Jonas',
    lastname: 'Keller',
    birthdate: '31/02/1990',
    firstphone: '0891234567',
    email: 'jonas.keller@example.com',
  });
  await page.getByTestId('fiche-birthdate').blur();
  await expect(page.getByTestId('fiche-birthdate-error')).toHaveText(
    'Enter a valid date in the format shown.',
  );
  await page.getByTestId('fiche-birthdate').fill('14/03/1990');
  await page.getByTestId('fiche-versicherung-gkv').check();
  await fill(page, 'vevent', { comments: 'Knee pain after running.' });
  await checkPage(page, 'fiche-clinic');
  await page.getByTestId('book-submit').click();

  await expect(heading(page)).toHaveText('Your appointment is confirmed');
  await expect(page.getByTestId('confirm-lines')).toContainText('Therapy room 1');
  await expect(page.getByTestId('confirmation')).toContainText('Knee pain after running.');
  const booked = await appointmentsOf(request, group.id, (await pageToken(page))!);
  expect(booked).toHaveLength(1);
  expect(booked[0]).toMatchObject({ intervention_id: PHYSIO, calendar_id: MARKUS, resource: { id: ROOM_1 } });
});

test('a town-hall booking asks for the request reference number', async ({ page, request }) => {
  const group = await groupOf(request, 'demo-townhall');
  const { day, slots } = await firstDayOfSlots(request, group.id, {
    start: dayAhead(3),
    appointments: [{ intervention_id: 56 }],
    calendar_ids: [30, 31],
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/demo-townhall/book/interventionset_ids?date=${day}`);
  await expect(heading(page)).toHaveText('Choisissez une catégorie');
  await page.getByTestId('category-18').click();
  await page.getByTestId('service-56').click();
  await expect(heading(page)).toHaveText('Choisissez un intervenant');
  await page.getByTestId('calendar-any').click();
  await expect(heading(page)).toHaveText('Choisissez une date et un horaire');
  // The counters show how many places each time still has.
  const menu = page.locator(`[data-testid="slot-day"][data-date="${day}"]`).getByTestId('slot-menu').first();
  if ((await menu.count()) > 0) {
    await menu.click();
    await expect(page.getByRole('menuitem').first()).toContainText(/place/);
    await page.keyboard.press('Escape');
  }
  await pickSlot(page, slots[0]!);

  await fill(page, 'fiche', {
    lastname: 'Moreau',
    firstname: 'Élise',
    email: 'elise.moreau@example.com',
    firstphone: '0644556677',
  });
  await fill(page, 'vevent', { str9: '4a7b2c9d1' });
  await page.getByTestId('vevent-str9').blur();
  await expect(page.getByTestId('vevent-str9-error')).toContainText('numéro de pré-demande de 10 caractères');
  await page.getByTestId('vevent-motif-renouvellement').check();
  await page.getByTestId('book-submit').click();
  await expect(page).toHaveURL(/\/book\/fiche_info/);
  await fill(page, 'vevent', { str9: '4a7b2c9d1e, 9Z8Y7X6W5V' });
  await checkPage(page, 'fiche-townhall');
  await page.getByTestId('book-submit').click();

  await expect(heading(page)).toHaveText('Votre rendez-vous est confirmé');
  // Fiche profile: no change button (docs/requirements/accounts-and-appointments.md §2: API v3 and Account profile only).
  await expect(page.getByTestId('confirm-change')).toHaveCount(0);
  const booked = await appointmentsOf(request, group.id, (await pageToken(page))!);
  expect(booked[0]!.vevent).toMatchObject({ str9: '4A7B2C9D1E, 9Z8Y7X6W5V', motif: 'renouvellement' });
});

test('a video consultation asks to accept the terms and offers the video link', async ({ page, request }) => {
  const group = await groupOf(request, 'demo-clinic');
  const VIDEO_CATEGORY = 9;
  const GP_VIDEO = 24;
  const WEBER = 8;
  const { day, slots } = await firstDayOfSlots(request, group.id, {
    start: dayAhead(5, group.timezone),
    appointments: [{ intervention_id: GP_VIDEO }],
    calendar_id: WEBER,
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/demo-clinic/book/calendarset_id?locale=en&date=${day}`);
  await page.getByTestId(`calendarset-${SCHWABING}`).click();
  await page.getByTestId(`category-${VIDEO_CATEGORY}`).click();
  await page.getByTestId(`service-${GP_VIDEO}`).click();
  await page.getByTestId(`calendar-${WEBER}`).click();
  // A video consultation is booked on its own.
  await expect(page.getByTestId('summary-add')).toHaveCount(0);
  await pickSlot(page, slots.at(-1)!);

  await fill(page, 'fiche', {
    firstname: 'Mia',
    lastname: 'Schulz',
    birthdate: '02/07/1985',
    firstphone: '0897654321',
    email: 'mia.schulz@example.com',
  });
  await page.getByTestId('fiche-versicherung-pkv').check();
  const terms = page.getByTestId('video-terms');
  await terms.getByRole('button', { name: 'How does a video consultation work?' }).click();
  await expect(terms).toContainText('The link becomes active 15 minutes before the appointment');
  await page.getByTestId('book-submit').click();
  await expect(page.getByTestId('submit-hint')).toHaveText(
    'Please accept the terms of use of the video consultation service.',
  );
  await expect(page.getByTestId('book-submit')).toHaveAttribute('aria-disabled', 'true');
  await checkPage(page, 'fiche-video');
  await page.getByTestId('video-terms-checkbox').check();
  await page.getByTestId('book-submit').click();

  await expect(heading(page)).toHaveText('Your appointment is confirmed');
  await expect(
    page.getByTestId('confirmation').getByText(/Video call: opens 15 minutes before|Join the video call/),
  ).toBeVisible();
});

/**
 * Books an urgent consultation at a site with a practitioner, up to the confirmation. At Pasing
 * one practitioner offers it: the practitioner step is skipped.
 */
async function bookUrgent(
  page: Page,
  request: APIRequestContext,
  site: { calendarset: number; calendar: number; daysAhead: number; practitionerStep: boolean },
  // Each patient has their own phone: the clinic counts one phone as one person, and two patients
  // sharing one could be refused as the same person booked twice at one time (same_time_rdv).
  patient: { firstname: string; lastname: string; email: string; firstphone: string },
) {
  const group = await groupOf(request, 'demo-clinic');
  const { day, slots } = await firstDayOfSlots(request, group.id, {
    start: dayAhead(site.daysAhead, group.timezone),
    appointments: [{ intervention_id: URGENT }],
    calendar_id: site.calendar,
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/demo-clinic/book/calendarset_id?locale=en&date=${day}`);
  await page.getByTestId(`calendarset-${site.calendarset}`).click();
  await page.getByTestId(`category-${GENERAL_CATEGORY}`).click();
  await page.getByTestId(`service-${URGENT}`).click();
  if (site.practitionerStep) await page.getByTestId(`calendar-${site.calendar}`).click();
  await expect(heading(page)).toHaveText('Choose a date and time');
  await pickSlot(page, slots.at(-1)!);
  await fill(page, 'fiche', { ...patient, birthdate: '05/06/1979' });
  await page.getByTestId('fiche-versicherung-gkv').check();
  await fill(page, 'vevent', { comments: 'Fever since yesterday.' });
  await page.getByTestId('book-submit').click();
  await expect(heading(page)).toHaveText('Your appointment is confirmed');
}

test('"go there" after a booking at the Pasing site shows that site on the map', async ({
  page,
  request,
}) => {
  const tiles: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('tile.openstreetmap.org')) tiles.push(r.url());
  });
  await bookUrgent(
    page,
    request,
    { calendarset: PASING, calendar: VOGEL, daysAhead: 6, practitionerStep: false },
    { firstname: 'Lena', lastname: 'Huber', email: 'lena.huber@example.com', firstphone: '0897771234' },
  );
  const goThere = page.getByTestId('confirm-map');
  await expect(goThere).toHaveText('Getting there');
  await goThere.click();

  await expect(page).toHaveURL(/\/demo-clinic\/map\?locale=en&date=/);
  await expect(heading(page)).toHaveText('Access');
  await expect(page.getByText('Where your appointment takes place')).toBeVisible();
  const address = page.getByTestId('map-address');
  await expect(address).toContainText('Bäckerstraße 9');
  await expect(address).toContainText('81241 München');
  await expect(address).not.toContainText('Leopoldstraße');
  const map = page.getByTestId('leaflet-map');
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
  await expect(page.getByRole('link', { name: /Get directions/ })).toHaveAttribute(
    'href',
    /directions\?to=48\.1486%2C11\.4612$/,
  );
  await expect.poll(() => tiles.length).toBeGreaterThan(0);
  expect(tiles.every((url) => /\/16\/\d+\/\d+\.png$/.test(url))).toBe(true);
  await checkPage(page, 'map-place');
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
  await checkPage(page, 'map-place');

  // The place survives a reload; the back button returns to the confirmation, still there.
  await page.reload();
  await expect(page.getByTestId('map-address')).toContainText('Bäckerstraße 9');
  await page.getByTestId('map-back').click();
  await expect(heading(page)).toHaveText('Your appointment is confirmed');
  await expect(page.getByTestId('confirm-map')).toBeVisible();
});

test('a booking at the group’s own address offers no "go there"', async ({ page, request }) => {
  await bookUrgent(
    page,
    request,
    { calendarset: SCHWABING, calendar: HOFFMANN, daysAhead: 6, practitionerStep: true },
    { firstname: 'Paul', lastname: 'Wagner', email: 'paul.wagner@example.com', firstphone: '0897775678' },
  );
  await expect(page.getByTestId('confirm-add-to-calendar')).toBeVisible();
  await expect(page.getByTestId('confirm-map')).toHaveCount(0);
});
