/**
 * The agenda board's interactions (docs/back-office.md "Booking from the agenda", "Appointment
 * detail"): booking a walk-in from a free place by keyboard alone, booking for a customer found by
 * search, the override reason offered to owners and not to staff, dragging an appointment to
 * another hour and calendar with the mouse (checked through the API), a drop on a taken place put
 * back with a message, and axe on the walk-in dialog at 1280 and 768 px. Each test books its own
 * appointments through the API first, at times found free then.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  API_KEY,
  apiGet,
  type Booked,
  groupId,
  shot,
  slotsFrom,
  uniqueEmail,
  uniquePhone,
} from './account-support.ts';
import {
  LEONIE,
  minuteOf,
  OWNER,
  openAdminAs,
  WOMENS_CUT as SERVICE,
  STAFF,
  staffToken,
} from './admin-support.ts';
import { noPageOverflow } from './booking-helpers.ts';

interface AgendaAppointment {
  id: number;
  calendar_id: number;
  starts_local: string;
  ends_local: string;
  customer: { firstname: string; lastname: string };
}

async function appointmentDetail(request: APIRequestContext, group: number, token: string, id: number) {
  const answer = await apiGet<{ appointment: AgendaAppointment }>(
    request,
    `/v3/admin/groups/${group}/appointments/${id}`,
    { token },
  );
  return answer.appointment;
}

/**
 * Books `date` (a slot start from the slot list, with the salon's offset) for a new customer; null
 * when it was taken meanwhile.
 */
async function bookAt(
  request: APIRequestContext,
  group: number,
  calendar: number,
  date: string,
  lastname: string,
) {
  const response = await request.post(`/api/v3/appointments?apikey=${API_KEY}`, {
    data: {
      appointment: {
        from_web: 1,
        group_id: group,
        intervention_ids: [SERVICE],
        calendar_id: calendar,
        date,
        fiche: { firstname: 'Board', lastname, email: uniqueEmail('board'), firstphone: uniquePhone() },
      },
      with_token: 1,
    },
  });
  if (response.status() === 409) return null;
  expect(response.status(), await response.text()).toBeLessThan(400);
  // The answer's start is an instant; the slot asked for is the salon's wall-clock time with its offset.
  return { id: ((await response.json()) as Booked).records[0]!.id, start: date };
}

/** Free starts of a calendar, some days ahead (past the salon's notice), from a random one of the first. */
async function freeStarts(request: APIRequestContext, group: number, calendar: number, daysAhead: number) {
  const slots = await slotsFrom(
    request,
    group,
    { 'intervention_ids[]': SERVICE, calendar_id: calendar },
    daysAhead * 24 + Math.floor(Math.random() * 72),
    10,
  );
  return slots;
}

/**
 * The starts from which a second appointment an hour or more later that day is still free in the
 * list: a week's list may begin with a day's last slots, where no such pair can begin.
 */
function pairableStarts(starts: string[]) {
  const minute = (start: string) => minuteOf(start.slice(11, 16));
  return starts.filter((start) =>
    starts.some((other) => other.slice(0, 10) === start.slice(0, 10) && minute(other) >= minute(start) + 60),
  );
}

const wallClock = (slot: string) => `${slot.slice(0, 10)}T${slot.slice(11, 16)}`;

/** The agenda on one day, in the day view. */
async function showDay(page: Page, day: string) {
  await page.getByTestId('agenda-view-day').click();
  await page.getByTestId('agenda-date').fill(day);
  await expect(page.getByTestId('agenda-day')).toHaveCount(1);
  await expect(page.getByTestId('agenda-track').first()).toHaveAttribute('data-day', day);
}

/** The y of a wall-clock minute on a track, from the board's hours and the track's box. */
async function yOfMinute(page: Page, track: Locator, minute: number) {
  const box = (await track.boundingBox())!;
  const axisStart = await page.getByTestId('agenda-board').evaluate((board) => {
    const first = board.querySelector('[aria-hidden="true"] span')?.textContent ?? '00:00';
    return Number(first.slice(0, 2)) * 60;
  });
  const hours = await page
    .getByTestId('agenda-board')
    .evaluate((board) => Number(getComputedStyle(board).getPropertyValue('--hours')));
  return box.y + ((minute - axisStart) / (hours * 60)) * box.height;
}

test('a walk-in for a new customer, booked from a free place by keyboard alone', async ({
  page,
  request,
}) => {
  const salon = await groupId(request, 'demo-salon');
  const slot = (await freeStarts(request, salon, LEONIE, 9))[0]!;
  const day = slot.slice(0, 10);
  const time = slot.slice(11, 16);
  const lastname = `Walk${Date.now().toString(36)}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdminAs(page, OWNER);
  await showDay(page, day);

  // From the date field, Tab to Léonie's free place, then the arrow keys to the slot's time.
  await page.getByTestId('agenda-date').focus();
  const free = page.locator(`[data-calendar-id="${LEONIE}"] [data-testid="agenda-free-place"]`);
  let reached = false;
  for (let i = 0; i < 80 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await free.evaluate((element) => element === document.activeElement);
  }
  expect(reached, "Léonie's free place is reachable with Tab").toBe(true);
  await expect(free).toHaveAccessibleName(/^New appointment at \d\d:\d\d, Léonie Marchand, /);
  await expect(free).toHaveAccessibleDescription(/quarter of an hour/);
  // Each press says the new time; End and back shows the keys move it whatever the start.
  await page.keyboard.press('End');
  await expect(page.getByTestId('agenda-announcement')).toHaveText(/^\d\d:\d\d$/);
  for (let i = 0; i < 96; i++) {
    const name = (await free.getAttribute('aria-label')) ?? '';
    const shown = minuteOf(name.match(/at (\d\d:\d\d)/)?.[1] ?? '00:00');
    if (shown === minuteOf(time)) break;
    await page.keyboard.press(shown < minuteOf(time) ? 'ArrowDown' : 'ArrowUp');
  }
  await expect(free).toHaveAccessibleName(new RegExp(`^New appointment at ${time}, Léonie Marchand`));
  await expect(page.getByTestId('agenda-announcement')).toHaveText(time);
  await shot(page, 'admin-board-free-place');
  await page.keyboard.press('Enter');

  const dialog = page.getByTestId('walkin-dialog');
  await expect(dialog.getByRole('heading', { name: 'Book an appointment' })).toBeVisible();
  await expect(dialog.getByTestId('walkin-calendar')).toHaveValue(String(LEONIE));
  await expect(dialog.getByTestId('walkin-date')).toHaveValue(day);
  await expect(dialog.getByTestId('walkin-time')).toHaveValue(time);
  await expect(dialog.getByTestId('walkin-notify')).toBeChecked();
  // The owner may book past the rules.
  await expect(dialog.getByTestId('walkin-override')).toBeVisible();
  await expect(dialog.getByTestId('walkin-service')).toHaveValue(String(SERVICE));

  // Submitting without a name: the first field refused takes the focus, its message read with it.
  await dialog.getByTestId('walkin-submit').focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('walkin-firstname')).toBeFocused();
  await expect(dialog.getByTestId('walkin-firstname')).toHaveAccessibleDescription(
    'Please fill in this field.',
  );

  await page.keyboard.type('Inès');
  await page.keyboard.press('Tab');
  await page.keyboard.type(lastname);
  await page.keyboard.press('Tab');
  await page.keyboard.type(uniqueEmail('walkin'));
  await page.keyboard.press('Tab');
  await page.keyboard.type('06 12 34 56 78');
  await page.keyboard.press('Tab');
  await page.keyboard.type('At the desk');
  // Unticks the confirmation mail from the keyboard.
  await page.keyboard.press('Tab');
  await expect(dialog.getByTestId('walkin-notify')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dialog.getByTestId('walkin-notify')).not.toBeChecked();
  await dialog.getByTestId('walkin-submit').focus();
  await page.keyboard.press('Enter');

  await expect(dialog).toHaveCount(0);
  const booked = page.getByRole('button', {
    name: new RegExp(`^${time} to \\d\\d:\\d\\d, Inès ${lastname}, `),
  });
  await expect(booked).toBeVisible();
  await expect(booked).toBeFocused();
  await expect(page.getByTestId('agenda-announcement')).toContainText(
    `Appointment booked for Inès ${lastname} at ${time}`,
  );

  // The API has it where it was put.
  const token = await staffToken(request, salon, OWNER);
  const id = Number(await booked.getAttribute('data-appointment-id'));
  const detail = await appointmentDetail(request, salon, token, id);
  expect(detail.starts_local).toBe(wallClock(slot));
  expect(detail.calendar_id).toBe(LEONIE);
});

test('a booking for an existing customer found by search, from a click on a free place', async ({
  page,
  request,
}) => {
  const salon = await groupId(request, 'demo-salon');
  const lastname = `Known${Date.now().toString(36)}`;
  const starts = await freeStarts(request, salon, LEONIE, 12);
  // The customer's first appointment makes the record the search finds.
  let first: { id: number; start: string } | null = null;
  for (const start of pairableStarts(starts).slice(0, 10)) {
    first = await bookAt(request, salon, LEONIE, start, lastname);
    if (first) break;
  }
  expect(first).not.toBeNull();
  const day = first!.start.slice(0, 10);
  const firstMinute = minuteOf(first!.start.slice(11, 16));
  /** Léonie's free starts that day, an hour or more after the first appointment (read when needed). */
  const laterStarts = async () =>
    (
      await apiGet<{ availabletimeslots: { start: string }[] }>(
        request,
        `/v3/groups/${salon}/availabletimeslots`,
        {
          'intervention_ids[]': SERVICE,
          calendar_id: LEONIE,
          start: day,
          nDays: 1,
        },
      )
    ).availabletimeslots
      .map((s) => s.start)
      .filter((s) => s.slice(0, 10) === day && minuteOf(s.slice(11, 16)) >= firstMinute + 60);

  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdminAs(page, OWNER);
  await showDay(page, day);
  const track = page.locator(`[data-testid="agenda-track"][data-calendar-id="${LEONIE}"]`);
  // A click on an empty part of the column: its first quarter hour (the appointment is from 10:00).
  const box = (await track.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 8);
  await expect(page.getByTestId('agenda-hover-slot')).toHaveText('+ 07:00');
  await page.mouse.click(box.x + box.width / 2, box.y + 8);
  const dialog = page.getByTestId('walkin-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('walkin-calendar')).toHaveValue(String(LEONIE));
  await expect(dialog.getByTestId('walkin-time')).toHaveValue('07:00');
  await dialog.getByTestId('walkin-mode-existing').check();
  const search = dialog.getByTestId('walkin-search');
  await search.fill(lastname);
  // The search is fuzzy: other tests' customers may match too; ours is among the options.
  await expect(dialog.getByTestId('walkin-search-status')).toHaveText(/^Customers found: \d+\./);
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  const ours = dialog.getByRole('option', { name: new RegExp(`Board ${lastname}`) });
  await expect(ours).toBeVisible();
  for (let i = 0; i < 10 && (await ours.getAttribute('aria-selected')) !== 'true'; i++)
    await search.press('ArrowDown');
  await expect(ours).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveAttribute('aria-activedescendant', (await ours.getAttribute('id'))!);
  await search.press('Enter');
  await expect(dialog.getByTestId('walkin-picked')).toContainText(`Board ${lastname}`);
  // A later free start of that day; another test may take it first, which the dialog then says.
  let target = '';
  const refused = dialog.getByTestId('walkin-error-time');
  for (let attempt = 0; attempt < 3 && (await dialog.count()) > 0; attempt++) {
    const free = await laterStarts();
    expect(free.length, 'a free start after the first appointment').toBeGreaterThan(0);
    target = free[Math.floor(Math.random() * Math.min(free.length, 4))]!;
    await dialog.getByTestId('walkin-time').fill(target.slice(11, 16));
    await dialog.getByTestId('walkin-submit').click();
    await expect
      .poll(async () => (await dialog.count()) === 0 || (await refused.isVisible()), { timeout: 10_000 })
      .toBe(true);
    if ((await dialog.count()) > 0)
      await expect(refused).toHaveText(
        'This time is not free on this calendar: it is taken, closed or outside the booking rules. Choose another time.',
      );
  }
  await expect(dialog).toHaveCount(0);

  const booked = page.getByRole('button', {
    name: new RegExp(`^${target.slice(11, 16)} to \\d\\d:\\d\\d, Board ${lastname}, `),
  });
  await expect(booked).toBeVisible();
  const token = await staffToken(request, salon, OWNER);
  const detail = await appointmentDetail(
    request,
    salon,
    token,
    Number(await booked.getAttribute('data-appointment-id')),
  );
  expect(detail.customer.lastname).toBe(lastname);
  expect(detail.starts_local).toBe(wallClock(target));
});

test('a staff member books without the override reason, which only owners and managers may give', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdminAs(page, STAFF);
  await expect(page.getByTestId('admin-role')).toHaveText('Staff');
  await page.getByTestId('agenda-new-appointment').click();
  const dialog = page.getByTestId('walkin-dialog');
  await expect(dialog.getByTestId('walkin-calendar')).toHaveValue(String(LEONIE));
  await expect(dialog.getByTestId('walkin-service')).toHaveValue(String(SERVICE));
  await expect(dialog.getByTestId('walkin-notify')).toBeChecked();
  await expect(dialog.getByTestId('walkin-override')).toHaveCount(0);
  await expect(dialog.getByText('Book past the rules')).toHaveCount(0);
  // Escape closes the dialog; the focus goes back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('agenda-new-appointment')).toBeFocused();
});

/** Presses on a block, moves it in steps (so the board sees a drag) and lets go at (x, y). */
async function dragTo(page: Page, block: Locator, x: number, y: number) {
  const from = (await block.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 6);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + 20, { steps: 4 });
  await page.mouse.move(x, y, { steps: 12 });
}

test('an appointment dragged to another hour and another calendar', async ({ page, request }) => {
  const salon = await groupId(request, 'demo-salon');
  const token = await staffToken(request, salon, OWNER);
  const lastname = `Drag${Date.now().toString(36)}`;
  const starts = await freeStarts(request, salon, LEONIE, 15);
  let booked: { id: number; start: string } | null = null;
  for (const start of starts.slice(0, 10)) {
    booked = await bookAt(request, salon, LEONIE, start, lastname);
    if (booked) break;
  }
  expect(booked).not.toBeNull();
  const day = booked!.start.slice(0, 10);
  const agenda = await apiGet<{ calendars: { id: number; name: string; resource: boolean }[] }>(
    request,
    `/v3/admin/groups/${salon}/agenda`,
    { from: day, days: 1, token },
  );
  const other = agenda.calendars.find((c) => !c.resource && c.id !== LEONIE)!;
  // A free start of the other stylist that day, at another hour.
  const theirs = await apiGet<{ availabletimeslots: { start: string }[] }>(
    request,
    `/v3/groups/${salon}/availabletimeslots`,
    { 'intervention_ids[]': SERVICE, calendar_id: other.id, start: day, nDays: 1 },
  );
  const bookedMinute = minuteOf(booked!.start.slice(11, 16));
  const target = theirs.availabletimeslots
    .map((s) => s.start)
    .filter((s) => s.slice(0, 10) === day && Math.abs(minuteOf(s.slice(11, 16)) - bookedMinute) >= 60)
    .sort(() => Math.random() - 0.5)[0]!;
  expect(target, 'a free start of the other stylist').toBeTruthy();
  const targetTime = target.slice(11, 16);

  // Tall enough for the whole day: pressing a block focuses it, which may scroll a short page.
  await page.setViewportSize({ width: 1280, height: 1700 });
  await openAdminAs(page, OWNER);
  await showDay(page, day);
  const block = page.locator(`[data-appointment-id="${booked!.id}"]`);
  await expect(block).toBeVisible();

  // A click without moving still opens the appointment.
  await block.click();
  await expect(page.getByTestId('appointment-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('appointment-dialog')).toHaveCount(0);

  const track = page.locator(`[data-testid="agenda-track"][data-calendar-id="${other.id}"]`);
  const box = (await track.boundingBox())!;
  // The press was 6 px under the block's top: the same under the target's line.
  const y = (await yOfMinute(page, track, minuteOf(targetTime))) + 6;
  await dragTo(page, block, box.x + box.width / 2, y);
  const ghost = page.getByTestId('agenda-ghost');
  await expect(ghost).toBeVisible();
  await expect(ghost).toContainText(`${targetTime}–`);
  await expect(track.getByTestId('agenda-ghost')).toHaveCount(1);
  await shot(page, 'admin-board-ghost');
  await page.mouse.up();

  await expect(page.getByTestId('agenda-move-notice')).toContainText(
    `Board ${lastname} moved to ${targetTime}`,
  );
  await expect(track.locator(`[data-appointment-id="${booked!.id}"]`)).toBeVisible();
  await expect(page.getByTestId('appointment-dialog')).toHaveCount(0);
  const detail = await appointmentDetail(request, salon, token, booked!.id);
  expect(detail.starts_local).toBe(wallClock(target));
  expect(detail.calendar_id).toBe(other.id);
});

test('a drop on a taken place puts the appointment back with a message; Escape cancels a drag', async ({
  page,
  request,
}) => {
  const salon = await groupId(request, 'demo-salon');
  const token = await staffToken(request, salon, OWNER);
  const lastname = `Taken${Date.now().toString(36)}`;
  const starts = await freeStarts(request, salon, LEONIE, 18);
  // Two appointments of Léonie's on one day, an hour or more apart.
  const hourApart = (a: string, b: string) =>
    a.slice(0, 10) === b.slice(0, 10) &&
    Math.abs(minuteOf(a.slice(11, 16)) - minuteOf(b.slice(11, 16))) >= 60;
  let first: { id: number; start: string } | null = null;
  let second: { id: number; start: string } | null = null;
  for (const start of pairableStarts(starts).slice(0, 10)) {
    first = await bookAt(request, salon, LEONIE, start, `${lastname}a`);
    if (first) break;
  }
  expect(first).not.toBeNull();
  const day = first!.start.slice(0, 10);
  for (const start of starts.filter((s) => hourApart(s, first!.start))) {
    second = await bookAt(request, salon, LEONIE, start, `${lastname}b`);
    if (second) break;
  }
  expect(second, 'a second free start that day').not.toBeNull();

  await page.setViewportSize({ width: 1280, height: 1700 });
  await openAdminAs(page, OWNER);
  await showDay(page, day);
  const track = page.locator(`[data-testid="agenda-track"][data-calendar-id="${LEONIE}"]`);
  const block = track.locator(`[data-appointment-id="${first!.id}"]`);
  /** The block's place in its column (the notice above the board moves the whole board down). */
  const placeInTrack = async () => (await block.boundingBox())!.y - (await track.boundingBox())!.y;
  const before = await placeInTrack();
  const taken = (await track.locator(`[data-appointment-id="${second!.id}"]`).boundingBox())!;

  // Escape during a drag: nothing moves, nothing opens.
  await dragTo(page, block, taken.x + taken.width / 2, taken.y + 6);
  await expect(page.getByTestId('agenda-ghost')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('agenda-ghost')).toHaveCount(0);
  await page.mouse.up();
  await expect(page.getByTestId('appointment-dialog')).toHaveCount(0);
  await expect(page.getByTestId('walkin-dialog')).toHaveCount(0);

  // Dropped on the other appointment: refused, put back, told.
  await dragTo(page, block, taken.x + taken.width / 2, taken.y + 6);
  await expect(page.getByTestId('agenda-ghost')).toContainText(`${second!.start.slice(11, 16)}–`);
  await page.mouse.up();
  const notice = page.getByTestId('agenda-move-notice');
  await expect(notice).toHaveText(/This place is not free: the appointment stays where it was\./);
  await expect(notice).toHaveAttribute('role', 'alert');
  await shot(page, 'admin-board-refused');
  await expect(page.getByTestId('agenda-ghost')).toHaveCount(0);
  expect(await placeInTrack()).toBeCloseTo(before, 0);
  const detail = await appointmentDetail(request, salon, token, first!.id);
  expect(detail.starts_local).toBe(wallClock(first!.start));
  expect(detail.calendar_id).toBe(LEONIE);
});

test('the walk-in dialog is accessible at 1280 and 768 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdminAs(page, OWNER);
  await page.getByTestId('agenda-new-appointment').click();
  const dialog = page.getByTestId('walkin-dialog');
  await expect(dialog.getByTestId('walkin-service')).toBeEnabled();
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `the walk-in dialog at ${width}px`);
    await noPageOverflow(page, `the walk-in dialog at ${width}px`);
    await shot(page, 'admin-board-walkin');
  }
  // With the customer search open and an error shown, too.
  await dialog.getByTestId('walkin-mode-existing').check();
  await dialog.getByTestId('walkin-search').fill('Zzqx');
  await expect(dialog.getByTestId('walkin-search-status')).toHaveText(
    'No customer found. Check the spelling, or book as a new customer.',
  );
  await dialog.getByTestId('walkin-submit').click();
  await expect(dialog.getByTestId('walkin-error-customer')).toBeVisible();
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `the walk-in dialog's search at ${width}px`);
    await shot(page, 'admin-board-walkin-search');
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await noPageOverflow(page, 'the walk-in dialog at 390px');
  await shot(page, 'admin-board-walkin-search');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await noPageOverflow(page, 'the agenda at 390px');
  await shot(page, 'admin-board-board');
});
