/**
 * Preselection from the query string (docs/requirements/booking-flow.md §2 query parameters, §5): every preselection
 * parameter — ids and extern ids — drops the steps it settles; a date starts the slots on that day
 * and a slot (slots=…) is taken by itself; the rest of the booking follows. Also the link's fiche
 * prefill and the "return to site" option.
 */
import { expect, test } from '../support/fixtures.ts';
import { appointmentsOf, dayAhead, firstDayOfSlots, groupOf, heading, pageToken } from './booking-helpers.ts';

test.describe.configure({ timeout: 60_000 });

const LEONIE = 23;
const WOMENS_CUT = 35;

test('a booking with every step preselected goes straight to the contact details', async ({
  page,
  request,
}) => {
  const group = await groupOf(request, 'demo-salon');
  const { day, slots } = await firstDayOfSlots(request, group.id, {
    start: dayAhead(6),
    appointments: [{ intervention_id: WOMENS_CUT }],
    calendar_id: LEONIE,
  });
  const slot = slots.at(-1)!;
  const query = new URLSearchParams({
    interventionset_extern_ids: 'coupes',
    intervention_extern_ids: 'coupe-femme',
    calendar_extern_id: 'leonie',
    date: day,
    slots: `${day} ${slot.time}:00`,
    fiche: JSON.stringify({ firstname: 'Inès', lastname: 'Roux' }),
    return_url: 'https://www.atelier-capucine.example/merci',
    return_button: '1',
    modify_url: 'https://www.atelier-capucine.example/changer',
    locale: 'en',
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/demo-salon?${query}`);

  // Category, service and stylist are settled: the slot from the link is taken by itself.
  await expect(page).toHaveURL(/\/demo-salon\/book\/fiche_info\?/);
  await expect(heading(page)).toHaveText('Your details');
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expect(page.getByTestId('summary-when')).toContainText(slot.time);
  await expect(page.getByTestId('fiche-firstname')).toHaveValue('Inès');
  await expect(page.getByTestId('return-to-site')).toHaveAttribute(
    'href',
    'https://www.atelier-capucine.example/merci',
  );
  await page.getByTestId('fiche-email').fill('ines.roux@example.com');
  await page.getByTestId('fiche-firstphone').fill('0655667788');
  await page.getByTestId('book-submit').click();

  await expect(heading(page)).toHaveText('Your appointment is confirmed');
  await expect(page.getByTestId('confirm-return')).toHaveAttribute(
    'href',
    'https://www.atelier-capucine.example/merci',
  );
  const booked = await appointmentsOf(request, group.id, (await pageToken(page))!);
  expect(booked[0]).toMatchObject({
    start: new Date(slot.start).toISOString(),
    intervention_id: WOMENS_CUT,
    calendar_id: LEONIE,
  });
});

test('each preselection parameter settles its step', async ({ page, request }) => {
  const clinic = await groupOf(request, 'demo-clinic');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Site, service, practitioner and room by id: straight to the slots.
  await page.goto(
    `/demo-clinic?calendarset_id=5&intervention_ids=21&calendar_id=15&resource_id=18&locale=en`,
  );
  await expect(page).toHaveURL(/\/book\/slots\?/);
  await expect(page.getByTestId('booking-summary')).toContainText('Therapy room 1');
  await expect(page.getByTestId('slot-day').first()).toBeVisible();

  // "0" is no preference: the calendar step is settled too.
  await page.goto(`/demo-salon?intervention_ids=${WOMENS_CUT}&calendar_id=0&locale=en`);
  await expect(page).toHaveURL(/\/book\/slots\?/);

  // A pack by id: each of its items still gets its stylist.
  await page.goto('/demo-salon?pack_id=48&locale=en');
  await expect(page).toHaveURL(/\/book\/calendar_id\?/);
  await expect(page.getByTestId('per-item-calendars')).toBeVisible();

  // Several calendars: the "no preference" among them.
  await page.goto(`/demo-salon?interventionset_ids=12&calendar_ids=23,24&locale=en`);
  await expect(page).toHaveURL(/\/book\/intervention_ids\?/);

  // A calendar set by extern id on the clinic leads to its categories.
  await page.goto('/demo-clinic?calendarset_extern_id=pasing&locale=en');
  await expect(heading(page)).toHaveText('Choose a category');
  await expect(page.getByTestId('category-7')).toHaveCount(0);
  expect(clinic.id).toBeGreaterThan(0);
});

test('the slot step pages by the days shown, from the first available day, within the horizon', async ({
  page,
  request,
}) => {
  const group = await groupOf(request, 'demo-salon');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/demo-salon?intervention_ids=${WOMENS_CUT}&calendar_id=${LEONIE}&locale=en`);
  await expect(page).toHaveURL(/\/book\/slots\?/);
  const days = page.getByTestId('slot-day');
  await expect(days).toHaveCount(7);
  const first = await days.first().getAttribute('data-date');
  // Today is the first day: nothing earlier to show.
  await expect(page.getByTestId('slots-previous')).toBeDisabled();
  await page.getByTestId('slots-next').click();
  await expect(days.first()).not.toHaveAttribute('data-date', first!);
  const second = await days.first().getAttribute('data-date');
  expect((Date.parse(second!) - Date.parse(first!)) / 86_400_000).toBe(7);
  // Back by the days shown, but never before the first available day.
  const api = await request.get(
    `/api/v3/groups/${group.id}/availabletimeslots?apikey=creneau-dev&start=${first}&nDays=1&appointments[0][intervention_id]=${WOMENS_CUT}&calendar_id=${LEONIE}`,
  );
  const firstSlotDay = ((await api.json()) as { firstSlot: string }).firstSlot.slice(0, 10);
  await page.getByTestId('slots-previous').click();
  const back = [firstSlotDay, first!].sort()[1]!;
  await expect(days.first()).toHaveAttribute('data-date', back);

  // Narrower windows show fewer days and move by that many (phones show
  // the day strip instead, docs/decisions/005 and slot-view.spec.ts).
  for (const [width, count] of [
    [1000, 6],
    [800, 5],
    [700, 4],
    [500, 3],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect(days).toHaveCount(count);
  }
  await page.getByTestId('slots-next').click();
  await expect(days.first()).toHaveAttribute(
    'data-date',
    new Date(Date.parse(back) + 3 * 86_400_000).toISOString().slice(0, 10),
  );

  // A promoted slot carries its percent: page on until the days shown hold
  // one (the salon's promotion is on Tuesday mornings, so a few weeks are enough).
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(days).toHaveCount(7);
  let promoted: { promotion: number | null } | undefined;
  for (let week = 0; week < 6 && !promoted; week++) {
    if (week > 0) {
      const shown = await days.first().getAttribute('data-date');
      await page.getByTestId('slots-next').click();
      await expect(days.first()).not.toHaveAttribute('data-date', shown!);
    }
    const start = await days.first().getAttribute('data-date');
    const response = await request.get(
      `/api/v3/groups/${group.id}/availabletimeslots?apikey=creneau-dev&start=${start}&nDays=7&promotions=1&appointments[0][intervention_id]=${WOMENS_CUT}&calendar_id=${LEONIE}`,
    );
    const { availabletimeslots } = (await response.json()) as {
      availabletimeslots: { promotion: number | null }[];
    };
    promoted = availabletimeslots.find((s) => s.promotion);
  }
  expect(promoted, 'a promoted slot within six weeks').toBeDefined();
  await expect(page.getByTestId('slot-grid')).toContainText(`-${promoted!.promotion}%`);

  // The date picker cannot go past the booking horizon.
  await page.getByTestId('slots-date-picker').click();
  const picker = page.getByTestId('date-picker');
  await expect(picker).toBeVisible();
  for (let i = 0; i < 8; i++) {
    const next = picker.getByRole('button', { name: 'Next month' });
    if (await next.isDisabled()) break;
    await next.click();
  }
  await expect(picker.getByRole('button', { name: 'Next month' })).toBeDisabled();
  await page.keyboard.press('Escape');
});

test('a resource that cannot serve the service stops the search with the spec’s message', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The ultrasound room cannot be used for physiotherapy: the API answers "Invalid calendar".
  await page.goto(
    '/demo-clinic?calendarset_id=5&intervention_ids=21&calendar_id=15&resource_id=12&locale=en',
  );
  await expect(page).toHaveURL(/\/book\/slots\?/);
  await expect(page.getByTestId('slots-invalid')).toContainText('cannot be combined');
  await expect(page.getByTestId('slots-next')).toBeDisabled();
});
