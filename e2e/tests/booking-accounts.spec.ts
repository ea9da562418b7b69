/**
 * Booking by people with a session (docs/requirements/accounts-and-appointments.md §2 fiche step, §4, §6): a call-centre professional
 * books for a caller found with the search box; a customer picks one of their saved fiches in the
 * accordion; an appointment is changed to another slot (edit mode: the earlier steps locked, the
 * person fixed); and a slot taken by someone else between display and confirmation gives the
 * spec's error and fresh slots.
 */
import { expect, patchGroup, test } from '../support/fixtures.ts';
import { linkFromMail, uniqueEmail, uniquePhone } from './account-support.ts';
import {
  apiLogin,
  appointmentsOf,
  checkPage,
  dayAhead,
  fill,
  firstDayOfSlots,
  groupOf,
  heading,
  KEY,
  pageToken,
  pickSlot,
  type Slot,
  useToken,
} from './booking-helpers.ts';

test.describe.configure({ timeout: 60_000 });

const HUGO = 24;
const INES = 25;
const MENS_CUT = 36;
const GLOSS = 40;

/** Books through the API as a new visitor; the appointment and its guest token. */
async function bookAsVisitor(
  request: Parameters<typeof groupOf>[0],
  groupId: number,
  slot: Slot,
  appointment: Record<string, unknown>,
  who: { firstname: string; lastname: string },
) {
  const response = await request.post(`/api/v3/appointments?${KEY}`, {
    data: {
      appointment: {
        date: slot.start,
        group_id: groupId,
        from_web: 1,
        fiche: { ...who, email: `${who.firstname.toLowerCase()}@example.com`, firstphone: uniquePhone() },
        ...appointment,
      },
      with_token: 1,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { records: { id: number; start: string }[]; fiche_token: string };
}

test('a call-centre professional books for a caller found by search', async ({ page, request }) => {
  const group = await groupOf(request, 'demo-callcenter');
  const token = await apiLogin(request, group.id, 'nadia.lefevre@example.com', 'Standard#Appel26');
  const { day, slots } = await firstDayOfSlots(request, group.id, {
    start: dayAhead(6, group.timezone),
    appointments: [{ intervention_id: 1 }],
    calendar_id: 1,
  });
  const slot = slots.at(-1)!;
  await useToken(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/demo-callcenter?date=${day}`);
  await expect(page).toHaveURL(/\/book\/calendarset_id/);
  await page.getByTestId('calendarset-1').click();
  await page.getByTestId('category-1').click();
  await page.getByTestId('service-1').click();
  await page.getByTestId('calendar-1').click();
  await pickSlot(page, slot);

  await expect(heading(page)).toHaveText('Your details');
  await expect(page.getByText('You are booking on behalf of a customer.')).toBeVisible();
  // Professionals write no comment and tick no marketing consent.
  await expect(page.getByTestId('comment')).toHaveCount(0);
  const search = page.getByTestId('fiche-search-input');
  await search.fill('Be');
  await expect(page.getByTestId('fiche-search-empty')).toHaveCount(0);
  await search.fill('Bennett');
  const oliver = page.getByRole('button', { name: /Oliver Bennett/ });
  await expect(oliver).toBeVisible({ timeout: 5000 });
  await checkPage(page, 'fiche-pro-search');
  await oliver.click();
  await expect(oliver).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('fiche-firstname')).toHaveValue('Oliver');
  await page.getByTestId('book-submit').click();

  await expect(heading(page)).toHaveText('The appointment is booked');
  await expect(page.getByTestId('confirmation')).toContainText('for Oliver Bennett');
  // The group is in London, the browser in Paris: the visitor's own time is given too.
  await expect(page.getByTestId('local-time')).toContainText('Europe/Paris');
  await expect(page.getByTestId('confirm-add-to-calendar')).toHaveCount(0);
  await checkPage(page, 'confirm-pro');
  expect(await pageToken(page)).toBe(token);
});

test('a customer books for one of their saved people', async ({ page, request }) => {
  const group = await groupOf(request, 'demo-salon');
  const token = await apiLogin(request, group.id, 'camille.durand@example.com', 'Lyon-Coiffure26!');
  const { day, slots } = await firstDayOfSlots(request, group.id, {
    start: dayAhead(13),
    appointments: [{ intervention_id: MENS_CUT }],
    calendar_id: HUGO,
  });
  await useToken(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(
    `/demo-salon/book/intervention_ids?intervention_ids=${MENS_CUT}&calendar_id=${HUGO}&date=${day}&locale=en`,
  );
  await expect(page).toHaveURL(/\/book\/slots/);
  await pickSlot(page, slots[1] ?? slots[0]!);

  const accordion = page.getByTestId('fiche-accordion');
  await expect(accordion.getByRole('button', { name: /Camille Durand/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(accordion.getByRole('button', { name: /Léo Durand/ })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  // A customer's e-mail is the account's: not asked.
  await expect(page.getByTestId('fiche-email')).toHaveCount(0);
  await accordion.getByRole('button', { name: /Léo Durand/ }).click();
  await expect(page.getByTestId('fiche-firstname')).toHaveValue('Léo');
  await accordion.getByRole('button', { name: 'Someone else' }).click();
  await expect(page.getByTestId('fiche-firstname')).toHaveValue('');
  await checkPage(page, 'fiche-accordion');
  // Closing every panel leaves no person: submit explains.
  await accordion.getByRole('button', { name: 'Someone else' }).click();
  await page.getByTestId('book-submit').click();
  await expect(page.getByTestId('submit-hint')).toHaveText('Choose the person the appointment is for.');
});

test('an appointment is changed to another slot', async ({ page, request }) => {
  const group = await groupOf(request, 'demo-salon');
  const first = await firstDayOfSlots(request, group.id, {
    start: dayAhead(9),
    appointments: [{ intervention_id: MENS_CUT, calendar_id: HUGO }],
  });
  const booked = await bookAsVisitor(
    request,
    group.id,
    first.slots[0]!,
    { appointments: [{ intervention_id: MENS_CUT, calendar_id: HUGO }] },
    { firstname: 'Paul', lastname: 'Lambert' },
  );
  const id = booked.records[0]!.id;
  const target = await firstDayOfSlots(request, group.id, {
    start: dayAhead(10),
    appointments: [{ intervention_id: MENS_CUT, calendar_id: HUGO }],
  });
  const slot = target.slots.at(-2) ?? target.slots[0]!;
  await useToken(page, booked.fiche_token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/demo-salon/book/interventionset_ids?update_apt=${id}&date=${target.day}&locale=en`);

  await expect(page).toHaveURL(/\/book\/slots\?/);
  await expect(page).not.toHaveURL(/update_apt/);
  await expect(page.getByTestId('booking-summary')).toContainText('Changing your appointment');
  await expect(page.getByText('Choose the new date and time of your appointment.')).toBeVisible();
  // The steps before the slots are locked.
  await expect(page.getByTestId('step-bar-interventionset_ids')).not.toHaveRole('button');
  await checkPage(page, 'slots-edit');
  await pickSlot(page, slot);

  await expect(page.getByTestId('editing-person')).toHaveText('Paul Lambert');
  await page.getByTestId('book-submit').click();
  await expect(heading(page)).toHaveText('Your appointment has been changed');
  const after = await appointmentsOf(request, group.id, booked.fiche_token);
  expect(after).toHaveLength(1);
  expect(after[0]).toMatchObject({ id, start: new Date(slot.start).toISOString(), calendar_id: HUGO });
});

/** The time in the middle of a day's list. */
const middleOf = <T>(slots: readonly T[]): T => slots[Math.floor(slots.length / 2)]!;

test('a slot taken by someone else before confirming offers the next times, and all times on request', async ({
  page,
  request,
}) => {
  const group = await groupOf(request, 'demo-salon');
  const { day, slots } = await firstDayOfSlots(request, group.id, {
    start: dayAhead(8),
    appointments: [{ intervention_id: GLOSS }],
    calendar_id: INES,
  });
  // A time in the middle of the day: the settings test, run alongside, lengthens and restores Inès's
  // Saturday evening, so the day's last times come and go.
  const slot = middleOf(slots);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/demo-salon?intervention_ids=${GLOSS}&calendar_id=${INES}&date=${day}&locale=en`);
  await pickSlot(page, slot);
  await fill(page, 'fiche', {
    firstname: 'Sarah',
    lastname: 'Fontaine',
    email: 'sarah.fontaine@example.com',
    firstphone: '0677889900',
  });
  // Someone else books that very slot meanwhile.
  await bookAsVisitor(
    request,
    group.id,
    slot,
    { appointments: [{ intervention_id: GLOSS, calendar_id: INES }] },
    { firstname: 'Other', lastname: 'Customer' },
  );
  await page.getByTestId('book-submit').click();

  // The next free times are offered in place (slot-just-taken.spec.ts books one); here the visitor
  // asks for every time instead.
  const taken = page.getByTestId('slot-taken');
  await expect(taken).toContainText('This time has just been taken');
  await taken.getByTestId('slot-taken-all').click();
  await expect(page).toHaveURL(/\/book\/slots\?/);
  const day0 = page.locator(`[data-testid="slot-day"][data-date="${day}"]`);
  await expect(day0).toBeVisible();
  await expect(day0.locator(`[data-start="${slot.start}"]`)).toHaveCount(0);
  // What was typed is still there when a new slot is chosen.
  const { slots: fresh } = await firstDayOfSlots(request, group.id, {
    start: day,
    appointments: [{ intervention_id: GLOSS }],
    calendar_id: INES,
  });
  await pickSlot(page, middleOf(fresh));
  await expect(page.getByTestId('fiche-lastname')).toHaveValue('Fontaine');
});

test('a booking chosen before registering resumes after the account is activated', async ({ page }) => {
  // A sequence with a login step after the services (the demo has none with open registration).
  await patchGroup(page, 'demo-salon', {
    user_sequence_config: [
      { name: 'interventionset_ids', skip_uniq_choice: false, any: false, preposition: null },
      { name: 'intervention_ids', max_multirdvs: 3, skip_uniq_choice: false, any: false, preposition: null },
      { name: 'login', skip_uniq_choice: false, any: false, preposition: null },
      { name: 'calendar_id', skip_uniq_choice: false, any: true, preposition: null },
    ],
  });
  const email = uniqueEmail('pending');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/demo-salon/book/interventionset_ids?locale=en');
  await page.getByTestId('category-12').click();
  await page.getByTestId(`service-${MENS_CUT}`).click();

  await expect(page).toHaveURL(/\/book\/login/);
  await expect(page.getByTestId('login-column')).toBeVisible();
  await checkPage(page, 'login-step-open');
  await page.getByTestId('register-column').getByTestId('register-email').fill(email);
  await page.getByTestId('register-column').getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/book\/register_confirm/);
  await expect(page.getByTestId('book-register-confirm')).toContainText(email);

  const link = await linkFromMail(email, /\/demo-salon\/login\?validation_key=/);
  await page.goto(`${link}&locale=en`);
  await page.getByTestId('new-password').fill('Brosse&Peigne42');
  await page.getByTestId('password-confirmation').fill('Brosse&Peigne42');
  await page.getByTestId('password-submit').click();

  // Logged in: the booking resumes after the login step with the service chosen before.
  await expect(page).toHaveURL(/\/book\/calendar_id/);
  await expect(page.getByTestId('booking-summary')).toContainText('Men’s haircut');
  await expect(page.getByTestId('step-bar-login')).toContainText('Log in');
});
