/**
 * The slot view (docs/booking-flow.md § Slots, docs/decisions/011-slots-phone-day-strip.md) against
 * the real server and demo data, with the days and times the API offers at run time: the phone
 * strip that leaves out empty days, the "next available" jump out of an empty period, the month
 * view marking the days with room, promoted slots with their percent and price, and the time-zone
 * note. axe and the no-horizontal-scroll check on each view; screenshots with SCREENSHOTS=1.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { checkPage, dayAhead, groupOf, KEY, type Slot, slotQuery } from './booking-helpers.ts';

test.describe.configure({ timeout: 120_000 });

// demo-salon: Léonie works Tuesday to Saturday; women's cut, 52.00 €, −20 % on Tuesdays 09:30–12:00.
const LEONIE = 23;
const WOMENS_CUT = 35;
// demo-clinic: the vaccination clinic opens on Tuesdays and Thursdays (and a few Saturdays).
const VACCINATION_TEAM = 11;
const VACCINATION = 14;

async function slotsOf(
  request: APIRequestContext,
  groupId: number,
  params: Parameters<typeof slotQuery>[0],
): Promise<{ availabletimeslots: Slot[]; firstSlot: string | null }> {
  const response = await request.get(
    `/api/v3/groups/${groupId}/availabletimeslots?${KEY}&${slotQuery(params)}`,
  );
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** The ISO weekday (1 = Monday) of a calendar date. */
const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The first day from `from` days ahead (group's zone) that falls on an ISO weekday. */
function nextWeekday(weekday: number, from = 1, timeZone = 'Europe/Paris'): string {
  for (let i = from; i < from + 7; i++)
    if (isoWeekday(dayAhead(i, timeZone)) === weekday) return dayAhead(i, timeZone);
  throw new Error('unreachable');
}

const dayOf = (slot: { start: string }) => slot.start.slice(0, 10);
/** The first view after a page load: the step's lazy chunks and three API calls, on a busy machine. */
const LOADED = { timeout: 45_000 };

test('on a phone the strip lists only the days with room, and a day’s times', async ({ page, request }) => {
  const group = await groupOf(request, 'demo-salon');
  // From a Sunday: Sunday and Monday are empty for Léonie and must take no space.
  const sunday = nextWeekday(7);
  const week = await slotsOf(request, group.id, {
    start: sunday,
    appointments: [{ intervention_id: WOMENS_CUT }],
    calendar_id: LEONIE,
  });
  const roomDays = [...new Set(week.availabletimeslots.map(dayOf))];
  expect(roomDays.length, 'Léonie has room that week').toBeGreaterThan(1);
  expect(roomDays).not.toContain(sunday);

  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(
    `/demo-salon?intervention_ids=${WOMENS_CUT}&calendar_id=${LEONIE}&date=${sunday}&locale=en`,
  );
  const strip = page.getByTestId('slot-strip');
  await expect(strip).toBeVisible(LOADED);
  await expect(page.getByTestId('slot-grid')).toHaveCount(0);
  const chips = strip.getByTestId('strip-day');
  await expect(chips).toHaveCount(roomDays.length);
  expect(await chips.evaluateAll((els) => els.map((el) => el.getAttribute('data-date')))).toEqual(roomDays);
  // The first day with room is chosen and its times are listed, all of them, as buttons.
  await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');
  const dayList = page.getByTestId('slot-day');
  await expect(dayList).toHaveAttribute('data-date', roomDays[0]!);
  const times = (day: string) => week.availabletimeslots.filter((s) => dayOf(s) === day).map((s) => s.time);
  await expect(dayList.getByTestId('slot')).toHaveText(times(roomDays[0]!).map((t) => new RegExp(`^${t}`)));
  // The strip's buttons say the day and how many times it has.
  const first = new Date(`${roomDays[0]}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  // Plural by English rules: the shared demo data can leave a day with a single time.
  const count = times(roomDays[0]!).length;
  await expect(chips.first()).toHaveAccessibleName(`${first}, ${count} ${count === 1 ? 'time' : 'times'}`);
  // No chip and no grid column for the empty Sunday.
  await expect(page.locator(`[data-date="${sunday}"]`)).toHaveCount(0);
  await checkPage(page, 'slot-strip');

  // Another day: its times replace the first day's.
  await chips.nth(1).click();
  await expect(chips.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(chips.first()).toHaveAttribute('aria-pressed', 'false');
  await expect(dayList).toHaveAttribute('data-date', roomDays[1]!);
  await expect(dayList.getByTestId('slot')).toHaveCount(times(roomDays[1]!).length);

  // On the narrowest phones the strip scrolls sideways and the page does not: the days' hidden
  // names are placed inside the strip, so a day out of view widens nothing (however many days the
  // shared demo data leaves with room).
  await page.setViewportSize({ width: 320, height: 700 });
  const contained = await strip.getByRole('list', { name: 'Days with available times' }).evaluate((list) =>
    Array.from(list.querySelectorAll('.visually-hidden')).map((hidden) => {
      const holder = (hidden as HTMLElement).offsetParent;
      return holder !== null && list.contains(holder);
    }),
  );
  expect(contained.length).toBe(roomDays.length);
  expect(contained.every(Boolean), 'every hidden day name is placed inside the strip').toBe(true);
  await checkPage(page, 'slot-strip');

  // The same page on a desktop is the seven-column grid, with the empty days marked.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId('slot-grid')).toBeVisible();
  await expect(page.locator(`[data-testid="slot-day"][data-date="${sunday}"]`)).toContainText(
    'No availability',
  );
  // "No availability" wraps between its words only: no line holds part of a word.
  const unavailable = page.getByTestId('day-unavailable').first();
  const wrap = await unavailable.evaluate((el) => getComputedStyle(el).overflowWrap);
  expect(wrap).toBe('normal');
  await checkPage(page, 'slot-grid');
});

test('an empty period shows the next available time, and the button jumps there', async ({
  page,
  request,
}) => {
  const group = await groupOf(request, 'demo-clinic');
  // At 600 px the grid shows four days; from a Friday, Friday to Monday hold no vaccination slot
  // unless a flu-jab Saturday falls in them: take the first Friday whose four days are empty.
  let friday: string | null = null;
  let firstSlot: string | null = null;
  for (let week = 0; week < 8 && !friday; week++) {
    const candidate = nextWeekday(5, 1 + week * 7, group.timezone);
    const answer = await slotsOf(request, group.id, {
      start: candidate,
      nDays: 4,
      appointments: [{ intervention_id: VACCINATION }],
      calendar_id: VACCINATION_TEAM,
    });
    if (answer.availabletimeslots.length === 0 && answer.firstSlot) {
      friday = candidate;
      firstSlot = answer.firstSlot;
    }
  }
  expect(friday, 'an empty Friday-to-Monday within eight weeks').toBeTruthy();

  await page.setViewportSize({ width: 600, height: 900 });
  await page.goto(
    `/demo-clinic?intervention_ids=${VACCINATION}&calendar_id=${VACCINATION_TEAM}&date=${friday}&locale=en`,
  );
  const jump = page.getByTestId('slots-jump');
  await expect(jump).toBeVisible(LOADED);
  // "Next availability: Tuesday 15 December 2026 at 16:00" — the group's wall clock.
  const day = dayOf({ start: firstSlot! });
  const weekday = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    timeZone: 'UTC',
  });
  await expect(page.getByTestId('slots-next-available')).toContainText(weekday);
  await expect(page.getByTestId('slots-next-available')).toContainText(firstSlot!.slice(11, 16));
  // No grid of empty columns under it.
  await expect(page.getByTestId('slot-grid')).toHaveCount(0);
  await checkPage(page, 'slots-jump');

  await page.getByTestId('slots-jump-button').click();
  await expect(jump).toHaveCount(0);
  const days = page.getByTestId('slot-day');
  await expect(days.first()).toHaveAttribute('data-date', day);
  await expect(days.first().locator('button').first()).toContainText(firstSlot!.slice(11, 16));
});

test('the month view marks the days with room, and choosing one shows it', async ({ page, request }) => {
  const group = await groupOf(request, 'demo-salon');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/demo-salon?intervention_ids=${WOMENS_CUT}&calendar_id=${LEONIE}&locale=en`);
  await expect(page.getByTestId('slot-grid')).toBeVisible(LOADED);
  const firstShown = await page.getByTestId('slot-day').first().getAttribute('data-date');

  await expect(page.getByTestId('slots-date-picker')).toBeEnabled(LOADED);
  await page.getByTestId('slots-date-picker').click();
  const picker = page.getByTestId('date-picker');
  await expect(picker.getByTestId('month-legend')).toHaveText('Marked days have available times', LOADED);
  // The picker opens on the first shown day's month, or on the next one when that month has no
  // room left (its first available day is selected): its days from the first shown day, as the API
  // sees them. Its weeks start and end with days of the months around it: the middle one is its own.
  const listed = await picker
    .locator('[data-testid="month-day"]')
    .evaluateAll((days) => days.map((day) => day.getAttribute('data-date') ?? ''));
  const shownMonth = listed.sort()[Math.floor(listed.length / 2)]!.slice(0, 7);
  const from = [`${shownMonth}-01`, firstShown!].sort().at(-1)!;
  const monthEnd = new Date(Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)), 0))
    .toISOString()
    .slice(0, 10);
  const nDays = (Date.parse(monthEnd) - Date.parse(from)) / 86_400_000 + 1;
  const month = await slotsOf(request, group.id, {
    start: from,
    nDays,
    appointments: [{ intervention_id: WOMENS_CUT }],
    calendar_id: LEONIE,
  });
  const room = new Set(month.availabletimeslots.map(dayOf));
  for (let i = 0; i < nDays; i++) {
    const date = new Date(Date.parse(from) + i * 86_400_000).toISOString().slice(0, 10);
    await expect(picker.locator(`[data-testid="month-day"][data-date="${date}"]`)).toHaveAttribute(
      'data-room',
      String(room.has(date)),
    );
  }
  await checkPage(page, 'slots-month');

  // The next month's days are fetched when it is shown.
  await picker.getByRole('button', { name: 'Next month' }).click();
  await expect(picker.locator('[data-testid="month-day"][data-room="true"]').first()).toBeVisible();
  await picker.getByRole('button', { name: 'Previous month' }).click();
  // A day with room other than the first: chosen, the dialog closes and the view starts there.
  const target = [...room].sort()[Math.min(2, room.size - 1)]!;
  await picker.locator(`[data-testid="month-day"][data-date="${target}"]`).click();
  await expect(picker).toHaveCount(0);
  await expect(page.getByTestId('slot-day').first()).toHaveAttribute('data-date', target);
});

test('promoted slots carry their percent and the price they give', async ({ page, request }) => {
  const group = await groupOf(request, 'demo-salon');
  // Tuesday mornings from 09:30: −20 % on the women's cut (52.00 € → 41.60 €).
  let promoted: Slot | undefined;
  let tuesdaySlots: Slot[] = [];
  for (let week = 0; week < 4 && !promoted; week++) {
    const tuesday = nextWeekday(2, 1 + week * 7);
    const answer = await slotsOf(request, group.id, {
      start: tuesday,
      nDays: 1,
      appointments: [{ intervention_id: WOMENS_CUT }],
      calendar_id: LEONIE,
    });
    promoted = answer.availabletimeslots.find((s) => s.promotion === 20);
    tuesdaySlots = answer.availabletimeslots;
  }
  expect(promoted, 'a promoted Tuesday-morning slot within four weeks').toBeTruthy();
  const day = dayOf(promoted!);

  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/demo-salon?intervention_ids=${WOMENS_CUT}&calendar_id=${LEONIE}&date=${day}&locale=en`);
  await expect(page.getByTestId('slot-day')).toHaveAttribute('data-date', day, LOADED);
  const button = page.locator(`[data-testid="slot"][data-start="${promoted!.start}"]`);
  await expect(button.getByTestId('slot-promotion')).toHaveText('-20%€41.60');
  await expect(button).toHaveAccessibleName(`${promoted!.time}, -20%: €41.60 instead of €52.00`);
  // A slot outside the promotion's hours carries no mark.
  const afternoon = page.locator('[data-testid="slot"]:not([data-promotion])').last();
  await expect(afternoon.getByTestId('slot-promotion')).toHaveCount(0);
  await checkPage(page, 'slots-promotion');

  await page.setViewportSize({ width: 1280, height: 900 });
  // The page trades the phone's strip for the week's grid on the next render: what is counted below
  // must be the grid's (the strip's own slot button would be counted otherwise).
  await expect(page.getByTestId('slot-grid')).toBeVisible();
  const column = page.locator(`[data-testid="slot-day"][data-date="${day}"]`);
  const hour = column.locator(`li[data-hour="${Number(promoted!.time.slice(0, 2))}"]`);
  // The slot is its own button, or the first of its hour's menu, as the day's other bookings make it.
  const own = column.locator(`[data-testid="slot"][data-start="${promoted!.start}"]`);
  const marked = (await own.count()) > 0 ? own : hour;
  await expect(marked.getByTestId('slot-promotion').first()).toHaveText('-20%');
  await expect(marked.getByTestId('slot-price').first()).toHaveText('€41.60');
  // An hour's menu is named after the first time it shows, not the hour ("from 09:30").
  const inHour = tuesdaySlots.filter((s) => s.time.slice(0, 2) === promoted!.time.slice(0, 2));
  if (inHour.length > 1) {
    await expect(hour.getByTestId('slot-menu')).toHaveAccessibleName(new RegExp(`from ${inHour[0]!.time}:`));
  } else {
    await expect(hour.getByTestId('slot')).toHaveAccessibleName(new RegExp(`, ${inHour[0]!.time}, -20%`));
  }
  await checkPage(page, 'slots-promotion');
});

test.describe('a visitor in another time zone', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('is told the times are the group’s, and which zone each is', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/demo-salon?intervention_ids=${WOMENS_CUT}&calendar_id=${LEONIE}&locale=en`);
    const note = page.getByTestId('slots-time-zone');
    await expect(note).toContainText('Central European', LOADED);
    await expect(note).toContainText(/GMT\+[12]/);
    await expect(note).toContainText('Eastern');
    await expect(note).toContainText(/GMT-[45]/);
    // The times themselves stay on the salon's clock (it opens at 09:00 or later, Paris time).
    // The time the button shows (its name is a sentence: "Friday 27 November, 10:45").
    await expect(
      page.getByTestId('slot-grid').locator('button').first().locator('[aria-hidden="true"]').first(),
    ).toHaveText(/^(0[89]|1\d|2[0-3]):/);
    await checkPage(page, 'slots-time-zone');
  });
});

test.describe('a visitor in a zone that agrees with the group’s', () => {
  test.use({ timezoneId: 'Europe/Brussels' });

  test('sees no time-zone note', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/demo-salon?intervention_ids=${WOMENS_CUT}&calendar_id=${LEONIE}&locale=en`);
    await expect(page.getByTestId('slot-grid')).toBeVisible(LOADED);
    await expect(page.getByTestId('slots-time-zone')).toHaveCount(0);
  });
});
