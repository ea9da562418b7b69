/**
 * Absences, closures, public holidays and mail notices in the back office (docs/back-office.md):
 * the manager blocks an afternoon on Léonie's calendar by keyboard and the public slots of that
 * afternoon vanish, then come back when it is deleted; an absence over a booking lists it; a staff
 * member cannot close the whole business; a public holiday is closed, shown closed and reopened
 * through the list; the owner saves a notice recipient and a wrong address is refused on its field.
 * axe at 1280 and 768 px, no horizontal overflow at 390, 768 and 1280. Each test owns its data: its
 * own day, booking, holiday and labels.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { API_KEY, bookFirstFree, groupId, shot, uniqueEmail, uniquePhone } from './account-support.ts';
import {
  addDays,
  afternoon,
  WOMENS_CUT as CUT,
  checkLayouts,
  dateIn,
  LEONIE,
  type Login,
  leonieCutStarts,
  leonieDay,
  MANAGER,
  OWNER,
  openAdminAs,
  STAFF,
  salonClock,
} from './admin-support.ts';

/** Opens the back office logged in and one of its sections; answers the session token. */
async function openSection(page: Page, login: Login, section: string) {
  await openAdminAs(page, login);
  await page.getByTestId(`admin-nav-${section}`).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/demo-salon/admin/${section}\\?locale=en$`));
  return (await page.evaluate(() => window.localStorage.getItem('creneau.token'))) ?? '';
}

/** The first Monday from `days` ahead. */
const mondayFrom = (days: number) => {
  const start = dateIn(days);
  return addDays(start, (8 - new Date(`${start}T12:00:00Z`).getUTCDay()) % 7);
};

test('by keyboard, the manager blocks an afternoon: its public slots vanish, and come back once deleted', async ({
  page,
  request,
}) => {
  const salon = await groupId(request, 'demo-salon');
  // A Tuesday, Wednesday or Friday six to eleven weeks ahead whose afternoon is bookable: far from
  // the early slots the other suites book, and inside the salon's booking horizon.
  const { day } = await leonieDay(request, salon, 42, (starts) => afternoon(starts).length >= 8);
  expect(day, 'a day with a free afternoon').not.toBe('');
  const label = `Formation ${Date.now().toString(36)}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await openSection(page, MANAGER, 'absences');
  await expect(page.getByRole('heading', { level: 1, name: 'Absences and closures' })).toBeVisible();
  const form = page.getByTestId('absence-form');
  await expect(form.getByTestId('absence-scope-calendar')).toBeChecked();

  // Field by field with the keyboard only (date and time fields take their value typed in).
  const calendar = form.getByTestId('absence-calendar');
  await calendar.focus();
  await calendar.selectOption(String(LEONIE));
  await page.keyboard.press('Tab');
  await expect(form.getByTestId('absence-span-hours')).toBeFocused();
  await expect(form.getByTestId('absence-span-hours')).toBeChecked();
  await form.getByTestId('absence-date').fill(day);
  await form.getByTestId('absence-fromTime').fill('13:30');
  await form.getByTestId('absence-toTime').fill('19:00');
  await form.getByTestId('absence-repeat').focus();
  await page.keyboard.press('Tab');
  await expect(form.getByTestId('absence-label')).toBeFocused();
  await page.keyboard.type(label);
  await page.keyboard.press('Enter');

  const result = page.getByTestId('absence-result');
  await expect(result.getByRole('heading', { name: 'Time blocked' })).toBeFocused();
  await expect(result.getByTestId('affected-none')).toHaveText('No appointment falls inside this time.');

  const during = await leonieCutStarts(request, salon, day);
  expect(afternoon(during)).toEqual([]);
  expect(during.length, 'the morning stays bookable').toBeGreaterThan(0);

  const entry = page.getByTestId('absence-entry').filter({ hasText: label });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Léonie Marchand');
  await expect(entry).toContainText('Absent');
  await expect(entry).toContainText(/13:30\s*–\s*19:00/);
  await entry.getByTestId('absence-delete').press('Enter');
  const confirm = page.getByTestId('absence-confirm');
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(label);
  await confirm.getByTestId('absence-confirm-delete').press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(entry).toHaveCount(0);
  await expect(page.getByTestId('absence-list-status')).toContainText('This time can be booked again.');
  await expect(page.getByTestId('absence-list')).toBeFocused();

  expect(afternoon(await leonieCutStarts(request, salon, day)).length).toBeGreaterThanOrEqual(8);
});

test('an absence over a booking lists it, with a link to its day in the schedule', async ({
  page,
  request,
}) => {
  const salon = await groupId(request, 'demo-salon');
  const lastname = `Absence${Date.now().toString(36)}`;
  const booked = await bookFirstFree(
    request,
    salon,
    { 'intervention_ids[]': CUT, calendar_id: LEONIE },
    {
      intervention_ids: [CUT],
      calendar_id: LEONIE,
      fiche: { firstname: 'Solène', lastname, email: uniqueEmail('absence'), firstphone: uniquePhone() },
    },
    { hoursAhead: 24 * 21 },
  );
  const appointment = booked.records[0]!;
  const start = salonClock(appointment.start);
  const day = start.slice(0, 10);
  const from = start.slice(11, 16);
  const to = salonClock(appointment.end).slice(11, 16);

  const token = await openSection(page, MANAGER, 'absences');
  const form = page.getByTestId('absence-form');
  await form.getByTestId('absence-calendar').selectOption(String(LEONIE));
  await form.getByTestId('absence-date').fill(day);
  await form.getByTestId('absence-fromTime').fill(from);
  await form.getByTestId('absence-toTime').fill(to);
  await form.getByTestId('absence-label').fill(`Rendez-vous ${lastname}`);
  await form.getByTestId('absence-submit').click();

  const affected = page.getByTestId('affected-appointment');
  await expect(affected).toHaveCount(1);
  await expect(affected).toContainText(`Solène ${lastname}`);
  await expect(affected).toContainText('Coupe femme · Léonie Marchand');
  await expect(affected).toContainText(new RegExp(`${from}\\s*–\\s*${to}`));
  const open = affected.getByTestId('affected-open');
  await expect(open).toHaveAccessibleName(new RegExp(`^Open in the schedule: Solène ${lastname}, `));
  await expect(open).toHaveAttribute('href', new RegExp(`/demo-salon/admin\\?locale=en&date=${day}$`));
  await expectAccessible(page, 'the absence answer with an affected booking');
  await shot(page, 'admin-absences-affected');

  // Clean up: the absence through the list, the booking through the staff's cancel.
  const entry = page.getByTestId('absence-entry').filter({ hasText: `Rendez-vous ${lastname}` });
  await entry.getByTestId('absence-delete').click();
  await page.getByTestId('absence-confirm-delete').click();
  await expect(entry).toHaveCount(0);
  const cancelled = await request.post(
    `/api/v3/admin/groups/${salon}/appointments/${appointment.id}/cancel?apikey=${API_KEY}&token=${token}`,
    { data: { notify_customer: false } },
  );
  expect(cancelled.status()).toBe(200);
});

test('a staff member blocks only her own calendar (no whole-business closure, no holidays), once or weekly', async ({
  page,
}) => {
  await openSection(page, STAFF, 'absences');
  const form = page.getByTestId('absence-form');
  await expect(form.getByTestId('absence-calendar')).toBeVisible();
  await expect(form.getByTestId('absence-scope-group')).toHaveCount(0);
  await expect(form.getByText('The whole business')).toHaveCount(0);
  await expect(form.getByTestId('absence-calendar').locator('option')).toHaveText(['Léonie Marchand']);
  await expect(page.getByTestId('holidays-panel')).toHaveCount(0);
  // The form's own checks, announced on their fields: the end before the start.
  await form.getByTestId('absence-fromTime').fill('15:00');
  await form.getByTestId('absence-toTime').fill('14:00');
  await form.getByTestId('absence-submit').press('Enter');
  await expect(form.getByTestId('absence-toTime-error')).toHaveText('The end must come after the start.');
  await expect(form.getByTestId('absence-toTime')).toBeFocused();
  await expect(form.getByTestId('absence-toTime')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('absence-result')).toHaveCount(0);

  // Every Tuesday and Thursday for two weeks: one series of four dates.
  const label = `Cours du soir ${Date.now().toString(36)}`;
  const monday = mondayFrom(100);
  await form.getByTestId('absence-date').fill(monday);
  await form.getByTestId('absence-fromTime').fill('18:00');
  await form.getByTestId('absence-toTime').fill('19:00');
  await form.getByTestId('absence-repeat').check();
  await expect(form.getByTestId('absence-frequency')).toHaveValue('week:1');
  // Monthly offers the day of the month or its weekday, named from the chosen date.
  await form.getByTestId('absence-frequency').selectOption('month:1');
  await expect(form.getByTestId('absence-month-by')).toContainText(
    /On the (first|second|third|fourth|last) Monday of the month/,
  );
  // Every day for 200 days is more than a repeat may make: said on the end date.
  await form.getByTestId('absence-frequency').selectOption('day:1');
  await form.getByTestId('absence-until').fill(addDays(monday, 200));
  await form.getByTestId('absence-submit').press('Enter');
  await expect(form.getByTestId('absence-until-error')).toHaveText(
    'A repeat can make 104 dates at most: choose an earlier end.',
  );
  await form.getByTestId('absence-frequency').selectOption('week:1');
  const weekdays = form.getByTestId('absence-weekdays');
  await weekdays.getByRole('checkbox', { name: 'Monday' }).uncheck();
  await weekdays.getByRole('checkbox', { name: 'Tuesday' }).check();
  await weekdays.getByRole('checkbox', { name: 'Thursday' }).check();
  await form.getByTestId('absence-until').fill(addDays(monday, 13));
  await form.getByTestId('absence-label').fill(label);
  await form.getByTestId('absence-submit').press('Enter');
  await expect(page.getByTestId('absence-result')).toContainText('Days concerned: 4');
  const entries = page.getByTestId('absence-entry').filter({ hasText: label });
  await expect(entries).toHaveCount(4);
  await expect(entries.first()).toContainText('Repeated · 4 dates');
  await expect(entries.first()).toContainText('Tuesday');
  await expect(entries.nth(1)).toContainText('Thursday');
  await entries.first().getByTestId('absence-delete').press('Enter');
  await page.getByTestId('absence-confirm-series').press('Enter');
  await expect(entries).toHaveCount(0);
});

test('the manager closes a public holiday of next year, sees it closed, and reopens it from the list', async ({
  page,
}) => {
  await openSection(page, MANAGER, 'absences');
  const panel = page.getByTestId('holidays-panel');
  await expect(panel.getByRole('heading', { name: 'Public holidays' })).toBeVisible();
  const nextYear = String(Number((await panel.getByTestId('holidays-year').inputValue()).slice(0, 4)) + 1);
  await panel.getByTestId('holidays-year').selectOption(nextYear);
  await expect(panel).toContainText('France');
  // An open holiday from May on: far from the days the other tests use.
  await expect(panel.getByTestId('holiday').first()).toHaveAttribute(
    'data-date',
    new RegExp(`^${nextYear}-`),
  );
  const open = await panel
    .getByTestId('holiday')
    .evaluateAll((items) =>
      items
        .filter((item) => item.querySelector('[data-testid="holiday-choose"]'))
        .map((item) => item.getAttribute('data-date') ?? ''),
    );
  const date = open.find((day) => day >= `${nextYear}-05-01`);
  expect(date, 'an open holiday from May on').toBeDefined();
  const holiday = panel.locator(`[data-testid="holiday"][data-date="${date}"]`);
  const name = ((await holiday.getByTestId('holiday-name').textContent()) ?? '').trim();

  await checkLayouts(page, 'absences-holidays');

  await holiday.getByTestId('holiday-choose').check();
  const closing = page.waitForResponse(
    (response) => response.url().includes('/holidays') && response.request().method() === 'POST',
  );
  await panel.getByTestId('holidays-close').press('Enter');
  const answer = (await (await closing).json()) as { blocks: { id: number }[] };
  expect(answer.blocks.length).toBeGreaterThan(1);
  await expect(panel.getByTestId('holidays-result')).toContainText('Days closed: 1');
  await expect(holiday.getByTestId('holiday-closed')).toHaveText('Closed');
  await shot(page, 'admin-absences-holiday-closed');

  // The closure is in the list as one entry for the whole business, deleted from there.
  const entry = page.locator(`[data-testid="absence-entry"][data-block-ids~="${answer.blocks[0]!.id}"]`);
  await expect(entry).toContainText('Whole business');
  await expect(entry).toContainText(name);
  await expect(entry).toContainText('Closed');
  await entry.getByTestId('absence-delete').press('Enter');
  await page.getByTestId('absence-confirm-delete').press('Enter');
  await expect(entry).toHaveCount(0);
  await expect(holiday.getByTestId('holiday-choose')).toBeVisible();
});

test('the owner saves a notice recipient, finds it after a reload, and a wrong address is refused on its field', async ({
  page,
  request,
}) => {
  const salon = await groupId(request, 'demo-salon');
  const token = await openSection(page, OWNER, 'notices');
  const notices = `/api/v3/admin/groups/${salon}/notifications?apikey=${API_KEY}&token=${token}`;
  const before = await (await request.get(notices)).json();
  const address = uniqueEmail('accueil');

  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const form = page.getByTestId('notices-form');
  await checkLayouts(page, 'notices');

  const rows = form.getByTestId('notice-email');
  const last = rows.last();
  if ((await last.inputValue()) !== '') await form.getByTestId('notice-add').press('Enter');
  await rows.last().fill(address);
  await form.getByTestId('notice-event-created').check();
  await form.getByTestId('notice-event-cancelled').check();
  await form.getByTestId('notices-save').press('Enter');
  await expect(form.getByTestId('notices-status')).toHaveText('Saved');

  await page.reload();
  await expect(form.getByTestId('notice-email').last()).toHaveValue(address);
  await expect(form.getByTestId('notice-event-created')).toBeChecked();

  try {
    await form.getByTestId('notice-add').press('Enter');
    await expect(rows.last()).toBeFocused();
    await page.keyboard.type('not-an-address');
    await form.getByTestId('notices-save').press('Enter');
    const error = form.getByTestId('notice-email-error');
    await expect(error).toHaveText('Enter a valid e-mail address, like name@example.com.');
    await expect(rows.last()).toBeFocused();
    await expect(rows.last()).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByTestId('notices-status')).toHaveText('');
    await expectAccessible(page, 'the notices with a field error');
    await shot(page, 'admin-notices-error');
  } finally {
    // The salon's setting as it was, for the other suites.
    const restored = await request.put(notices, { data: before });
    expect(restored.status()).toBe(200);
  }
});
