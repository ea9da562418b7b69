/**
 * Booking on demo-salon (docs/requirements/booking-flow.md §2, §4; docs/requirements/accounts-and-appointments.md §2, §4): a first-time visitor books category →
 * service → stylist → slot → new fiche → confirmation, and the appointment exists through the API;
 * several appointments in one booking, added, reordered from the keyboard and booked as a chain; a
 * pack whose items each get their own stylist. axe runs on every step.
 */
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

const SALON = 'demo-salon';
const HUGO = 24;
const LEONIE = 23;
const INES = 25;
const MENS_CUT = 36;
const WOMENS_CUT = 35;
const BLOW_DRY = 43;
const ROOT_COLOUR = 38;
const KERATIN = 41;
const RADIANCE_PACK = 47;

test('a first-time visitor books a haircut with Hugo, and the appointment exists', async ({
  page,
  request,
}) => {
  const group = await groupOf(request, SALON);
  // Two and a half weeks ahead: the other booking tests, run alongside, take Hugo's evenings in the
  // next fortnight (the chain test's last slot is the same evening as day 3's on some weekdays).
  const { day, slots } = await firstDayOfSlots(request, group.id, {
    start: dayAhead(17),
    appointments: [{ intervention_id: MENS_CUT }],
    calendar_id: HUGO,
  });
  const slot = slots.at(-1)!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/${SALON}/book/interventionset_ids?locale=en&date=${day}`);

  await expect(heading(page)).toHaveText('Choose a category');
  await checkPage(page, 'categories');
  await page.getByTestId('category-12').click();

  await expect(page).toHaveURL(/\/book\/intervention_ids/);
  await expect(heading(page)).toHaveText('Choose a service');
  await expect(page.getByTestId('step-bar')).toBeVisible();
  await checkPage(page, 'services');
  await page.getByTestId(`service-${MENS_CUT}`).click();

  await expect(heading(page)).toHaveText('Choose a practitioner');
  await expect(page.getByTestId('booking-summary')).toContainText('Men’s haircut');
  await expect(page.getByTestId('calendar-any')).toBeVisible();
  await checkPage(page, 'calendars');
  await page.getByTestId(`calendar-${HUGO}`).click();

  await expect(heading(page)).toHaveText('Choose a date and time');
  await expect(page.getByTestId('slot-day')).toHaveCount(7);
  await checkPage(page, 'slots');
  await pickSlot(page, slot);

  await expect(heading(page)).toHaveText('Your details');
  await expect(page.getByTestId('summary-when')).toContainText(slot.time);
  // Submitting empty shows every error and keeps the visitor here.
  await page.getByTestId('book-submit').click();
  await expect(page.getByTestId('fiche-firstname-error')).toHaveText('Please fill in this field.');
  await expect(page.getByTestId('submit-hint')).toHaveText('Please complete the fields marked in red.');
  await checkPage(page, 'fiche-errors');
  await fill(page, 'fiche', {
    firstname: 'Lucas',
    lastname: 'Girard',
    email: 'lucas.girard@example.com',
    firstphone: '0611223344',
  });
  await page.getByTestId('fiche-email').fill('not-an-address');
  await page.getByTestId('fiche-email').blur();
  await expect(page.getByTestId('fiche-email-error')).toHaveText('Enter a valid e-mail address.');
  await page.getByTestId('fiche-email').fill('  lucas.girard@example.com ');
  await page.getByTestId('fiche-email').blur();
  await expect(page.getByTestId('fiche-email')).toHaveValue('lucas.girard@example.com');
  await page.getByTestId('vevent-first_visit').check();
  await page.getByTestId('comment').fill('Short on the sides, please.');
  await page.getByTestId('book-submit').click();

  await expect(page).toHaveURL(/\/book\/confirm/);
  const confirmation = page.getByTestId('confirmation');
  await expect(heading(page)).toHaveText('Your appointment is confirmed');
  await expect(confirmation).toContainText('for Lucas Girard');
  await expect(confirmation).toContainText('Short on the sides, please.');
  await expect(page.getByTestId('confirm-lines')).toContainText('Men’s haircut');
  await expect(page.getByTestId('confirm-lines')).toContainText('Hugo');
  await expect(page.getByTestId('step-bar')).toHaveCount(0);
  await checkPage(page, 'confirm');

  // The visitor now holds a guest session that sees the appointment.
  const token = await pageToken(page);
  expect(token).toBeTruthy();
  const appointments = await appointmentsOf(request, group.id, token!);
  expect(appointments).toHaveLength(1);
  expect(appointments[0]).toMatchObject({
    start: new Date(slot.start).toISOString(),
    intervention_id: MENS_CUT,
    calendar_id: HUGO,
    fiche: { firstname: 'Lucas', lastname: 'Girard' },
    comments: 'Short on the sides, please.',
  });
  expect(appointments[0]!.vevent).toMatchObject({ first_visit: true });

  // Add to calendar offers the server's .ics for this guest.
  await page.getByTestId('confirm-add-to-calendar').click();
  await expect(page.getByTestId('popup-add-to-calendar')).toBeVisible();
  await expect(page.getByRole('link', { name: /\.ics/ })).toHaveAttribute(
    'href',
    new RegExp(`/appointments/${appointments[0]!.id}\\.ics\\?`),
  );
  await page.keyboard.press('Escape');

  // Booking another starts again at the first step.
  await page.getByTestId('confirm-book-another').click();
  await expect(page).toHaveURL(/\/book\/interventionset_ids/);
});

test('several appointments in one booking: added, reordered from the keyboard, booked in a chain', async ({
  page,
  request,
}) => {
  const group = await groupOf(request, SALON);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { day, slots } = await firstDayOfSlots(request, group.id, {
    start: dayAhead(4),
    appointments: [{ intervention_id: BLOW_DRY }, { intervention_id: WOMENS_CUT }],
    calendar_ids: [LEONIE, HUGO],
  });
  const slot = slots.at(-1)!;
  await page.goto(`/${SALON}/book/interventionset_ids?locale=en&date=${day}`);
  await page.getByTestId('category-12').click();
  await page.getByTestId(`service-${WOMENS_CUT}`).click();
  await expect(heading(page)).toHaveText('Choose a practitioner');

  // Add a blow-dry from another category.
  await page.getByTestId('summary-add').click();
  await expect(page).toHaveURL(/\/book\/interventionset_ids/);
  await page.getByTestId('category-15').click();
  await expect(heading(page)).toHaveText('Add an appointment');
  await page.getByTestId(`service-${BLOW_DRY}`).click();
  await expect(heading(page)).toHaveText('Choose a practitioner');
  const items = page.getByTestId('summary-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Women’s cut & blow-dry');

  // Keyboard: pick the first appointment up, move it down, put it down.
  await page.getByTestId('summary-move').first().focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(items.first()).toContainText('Blow-dry');
  await expect(items.nth(1)).toContainText('Women’s cut & blow-dry');
  await expect(page.getByTestId('booking-summary')).toContainText('Now at position 2 of 2.');

  // Only the stylists doing both services are offered, with "no preference".
  await expect(page.getByTestId(`calendar-${INES}`)).toHaveCount(0);
  await page.getByTestId('calendar-any').click();
  await expect(heading(page)).toHaveText('Choose a date and time');
  await expect(page.getByText('Your appointments follow one another')).toBeVisible();
  await pickSlot(page, slot);

  await fill(page, 'fiche', {
    firstname: 'Chloé',
    lastname: 'Bernard',
    email: 'chloe.bernard@example.com',
    firstphone: '0622334455',
  });
  await page.getByTestId('book-submit').click();
  await expect(heading(page)).toHaveText('Your appointments are confirmed');
  const lines = page.getByTestId('confirm-lines').getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText('Blow-dry');
  await expect(lines.nth(1)).toContainText('Women’s cut & blow-dry');
  await expect(page.getByTestId('confirm-cancel')).toHaveText('Cancel the appointments');

  const token = await pageToken(page);
  const booked = await appointmentsOf(request, group.id, token!);
  expect(booked.map((a) => a.intervention_id)).toEqual([BLOW_DRY, WOMENS_CUT]);
  expect(booked[0]!.start).toBe(new Date(slot.start).toISOString());

  // Cancelling from the confirmation removes both and starts again.
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('cancel-dialog')).toBeVisible();
  await page.getByTestId('cancel-yes').click();
  await expect(page).toHaveURL(/\/book\/interventionset_ids/);
  expect(await appointmentsOf(request, group.id, token!)).toHaveLength(0);
});

test('a pack gets a stylist per item and is booked with its price', async ({ page, request }) => {
  const group = await groupOf(request, SALON);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { day, slots } = await firstDayOfSlots(request, group.id, {
    start: dayAhead(5),
    appointments: [
      { pack_id: RADIANCE_PACK, intervention_id: ROOT_COLOUR, calendar_id: INES },
      { pack_id: RADIANCE_PACK, intervention_id: KERATIN },
      { pack_id: RADIANCE_PACK, intervention_id: WOMENS_CUT, calendar_id: LEONIE },
    ],
  });
  // The day's last start: tests running alongside take the earliest free times of the demo salon.
  const slot = slots[slots.length - 1]!;
  await page.goto(`/${SALON}/book/interventionset_ids?locale=en&date=${day}`);
  await page.getByTestId('category-13').click();
  await page.getByTestId('tab-packs').click();
  await expect(page.getByRole('tab', { name: 'Package deals' })).toHaveAttribute('aria-selected', 'true');
  await checkPage(page, 'services-packs');
  await page.getByTestId(`service-${RADIANCE_PACK}`).click();

  const perItem = page.getByTestId('per-item-calendars');
  await expect(perItem).toBeVisible();
  await expect(perItem).toContainText('Radiance ritual');
  await checkPage(page, 'calendars-pack');
  await perItem.getByLabel('Root colour').selectOption({ label: 'Inès' });
  await expect(perItem.getByLabel('Keratin repair treatment')).toHaveValue('');
  await perItem.getByLabel('Women’s cut & blow-dry').selectOption({ label: 'Léonie' });
  await page.getByTestId('item-calendars-continue').click();

  await expect(heading(page)).toHaveText('Choose a date and time');
  await expect(page.getByTestId('booking-summary')).toContainText('Inès');
  await pickSlot(page, slot);
  await fill(page, 'fiche', {
    firstname: 'Manon',
    lastname: 'Petit',
    email: 'manon.petit@example.com',
    firstphone: '0633445566',
  });
  await page.getByTestId('book-submit').click();
  await expect(heading(page)).toHaveText('Your appointments are confirmed');
  const lines = page.getByTestId('confirm-lines');
  await expect(lines).toContainText('Radiance ritual');
  await expect(lines).toContainText('Root colour · Inès');
  await expect(lines).toContainText('Women’s cut & blow-dry · Léonie');
  // €125, less the Christmas offer when the slot falls in it.
  const total = slot.promotion ? (12500 * (100 - slot.promotion)) / 10000 : 125;
  await expect(page.getByTestId('confirm-total')).toContainText(`€${total.toFixed(2)}`);

  const token = await pageToken(page);
  const booked = await appointmentsOf(request, group.id, token!);
  expect(booked.map((a) => [a.intervention_id, a.pack_id])).toEqual([
    [ROOT_COLOUR, RADIANCE_PACK],
    [KERATIN, RADIANCE_PACK],
    [WOMENS_CUT, RADIANCE_PACK],
  ]);
  expect(booked[0]!.calendar_id).toBe(INES);
  expect(booked[2]!.calendar_id).toBe(LEONIE);
});
