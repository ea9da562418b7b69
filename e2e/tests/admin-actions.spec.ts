/**
 * The appointment dialog's actions and the live agenda (docs/back-office.md "Appointment detail",
 * "Live agenda"): the owner moves an appointment by keyboard alone to another hour and to another
 * calendar, a move onto a taken place is refused and moves nothing, a cancellation keeps its reason
 * and tells nobody, the history says what happened; an agenda open in one browser shows within two
 * seconds a booking made through the public API and a move made from another browser; a dropped
 * stream is said quietly and comes back. axe at 1280 and 768 px with the move and cancel forms open.
 * Every test books its own appointments through the API first.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  apiGet,
  bookFirstFree,
  groupId,
  shot,
  slotsFrom,
  uniqueEmail,
  uniquePhone,
} from './account-support.ts';
import {
  LEONIE,
  type Login,
  MANAGER,
  OWNER,
  openAdminAs,
  STAFF,
  salonClock,
  WOMENS_CUT,
} from './admin-support.ts';
import { noPageOverflow, tabTo } from './booking-helpers.ts';

const HUGO = 24;
/** The women's cut lasts an hour (demo/groups/demo-salon.json). */
const LENGTH = 60;

/** Opens the back office logged in and waits for the agenda's board. */
async function openAgenda(page: Page, login: Login) {
  await openAdminAs(page, login);
  await expect(page.getByTestId('agenda-board')).toBeVisible();
}

/**
 * A women's cut on a calendar for a customer of this test; its id, local start and name. Each test
 * books from its own day on (`daysAhead`), so that tests running side by side rarely want the same
 * places of the same calendar.
 */
async function book(
  request: APIRequestContext,
  salon: number,
  calendar: number,
  tag: string,
  daysAhead: number,
) {
  const lastname = `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const booked = await bookFirstFree(
    request,
    salon,
    { 'intervention_ids[]': WOMENS_CUT, calendar_id: calendar },
    {
      intervention_ids: [WOMENS_CUT],
      calendar_id: calendar,
      fiche: {
        firstname: 'Maëlle',
        lastname,
        email: uniqueEmail(tag.toLowerCase()),
        firstphone: uniquePhone(),
      },
    },
    { hoursAhead: 24 * daysAhead + 2 },
  );
  const record = booked.records[0]!;
  return { id: record.id, start: salonClock(record.start), name: `Maëlle ${lastname}` };
}

/** A free start for a women's cut on a calendar, at least an hour away from `from` (local times). */
async function freeStart(request: APIRequestContext, salon: number, calendar: number, from: string) {
  const slots = await slotsFrom(
    request,
    salon,
    { 'intervention_ids[]': WOMENS_CUT, calendar_id: calendar },
    Math.max(2, (Date.parse(`${from.slice(0, 10)}T00:00:00Z`) - Date.now()) / 3_600_000),
  );
  const away = slots
    .map((slot) => slot.slice(0, 16))
    .filter((slot) => Math.abs(Date.parse(`${slot}Z`) - Date.parse(`${from}Z`)) >= 3_600_000);
  // The same day when there is one (the week shown stays the same), any of them: a parallel test
  // looking for a free place then rarely picks the same one.
  const sameDay = away.filter((slot) => slot.startsWith(from.slice(0, 10)));
  const pool = sameDay.length > 0 ? sameDay : away.slice(0, 8);
  const target = pool[Math.floor(Math.random() * pool.length)];
  if (!target) throw new Error('no free start');
  return target;
}

/** The agenda on the day of a local start, the appointment's block visible. */
async function showDay(page: Page, local: string) {
  await page.getByTestId('agenda-date').fill(local.slice(0, 10));
  await expect(page.getByTestId('agenda-range')).toBeVisible();
}

const block = (page: Page, id: number) => page.locator(`[data-appointment-id="${id}"]`);
const range = (local: string, minutes: number) => {
  const end = new Date(Date.parse(`${local}Z`) + minutes * 60_000).toISOString().slice(11, 16);
  return `${local.slice(11, 16)} to ${end}`;
};
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The dialog's time picker, by keyboard: the select takes typed text as a choice. */
async function chooseByKeyboard(select: Locator, text: string) {
  await select.focus();
  await select.press('Home');
  await select.pressSequentially(text, { delay: 30 });
}

test('by keyboard alone the owner moves an appointment to another hour; the history says so', async ({
  page,
  request,
}) => {
  const salon = await groupId(request, 'demo-salon');
  const ours = await book(request, salon, LEONIE, 'Move', 1);
  let target = await freeStart(request, salon, LEONIE, ours.start);

  await page.setViewportSize({ width: 1280, height: 900 });
  await openAgenda(page, OWNER);
  await showDay(page, ours.start);
  const blockOf = block(page, ours.id);
  await expect(blockOf).toHaveAccessibleName(new RegExp(`^${range(ours.start, LENGTH)}`));

  // Tab from the date field to the appointment, Enter opens it.
  await page.getByTestId('agenda-date').focus();
  let reached = false;
  for (let i = 0; i < 300 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await blockOf.evaluate((element) => element === document.activeElement);
  }
  expect(reached, 'the appointment is reachable with Tab').toBe(true);
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('appointment-dialog');
  await expect(dialog.getByRole('heading', { name: ours.name })).toBeVisible();
  await expect(dialog.getByTestId('history-entry')).toHaveCount(1);
  await expect(dialog.getByTestId('history-entry').first()).toContainText('Booked by the customer');

  // Tab to "Move", Enter: the form opens with the focus on its date.
  await tabTo(page, dialog.getByTestId('action-move'));
  await page.keyboard.press('Enter');
  const form = dialog.getByTestId('move-form');
  await expect(form.getByRole('heading', { name: 'Move the appointment' })).toBeVisible();
  await expect(form.getByLabel('Date')).toBeFocused();
  await expect(form.getByLabel('Date')).toHaveValue(ours.start.slice(0, 10));
  await expect(form.getByLabel('Start time')).toHaveValue(ours.start.slice(11, 16));

  // Unchanged, the form says so rather than calling the server, and the focus goes to the date.
  await tabTo(page, form.getByTestId('move-submit'));
  await page.keyboard.press('Enter');
  await expect(form.getByTestId('move-problem')).toHaveText(/already there/);
  await expect(form.getByLabel('Date')).toBeFocused();

  // Tests running beside this one book Léonie too: when one takes the chosen place between the
  // slot read and the move, the form says so and nothing moves; choose another, as a person would.
  const done = dialog.getByTestId('action-done');
  const taken = dialog.getByRole('alert').filter({ hasText: 'already taken' });
  for (let attempt = 1; ; attempt++) {
    await form.getByLabel('Date').fill(target.slice(0, 10));
    await chooseByKeyboard(form.getByLabel('Start time'), target.slice(11, 16));
    await expect(form.getByLabel('Start time')).toHaveValue(target.slice(11, 16));
    await expect(form.getByTestId('move-preview')).toContainText(range(target, LENGTH));
    await tabTo(page, form.getByTestId('move-submit'));
    await page.keyboard.press('Enter');
    await expect(done.or(taken)).toBeVisible();
    if (await done.isVisible()) break;
    expect(attempt, 'a free place to move to within three tries').toBeLessThan(3);
    target = await freeStart(request, salon, LEONIE, ours.start);
  }

  // The dialog says where it went, and the block is there.
  await expect(done).toContainText(`at ${target.slice(11, 16)}, Léonie Marchand`);
  await expect(done).toBeFocused();
  await shot(page, 'admin-dialog-moved');
  await expect(blockOf).toHaveAccessibleName(
    new RegExp(`^${range(target, LENGTH)}\\s*,\\s*${literal(ours.name)}`),
  );
  const moved = dialog.getByTestId('history-entry').filter({ hasText: 'Moved' });
  await expect(moved).toContainText('Moved by Capucine Moreau');
  await expect(moved).toContainText(ours.start.slice(11, 16));
  await expect(moved).toContainText(target.slice(11, 16));

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(blockOf).toHaveAccessibleName(new RegExp(`^${range(target, LENGTH)}`));
});

test('the owner moves an appointment to another calendar with the form', async ({ page, request }) => {
  const salon = await groupId(request, 'demo-salon');
  const ours = await book(request, salon, LEONIE, 'Other', 3);
  const target = await freeStart(request, salon, HUGO, ours.start);

  await openAgenda(page, OWNER);
  await showDay(page, ours.start);
  await block(page, ours.id).press('Enter');
  const dialog = page.getByTestId('appointment-dialog');
  await dialog.getByTestId('action-move').press('Enter');
  const form = dialog.getByTestId('move-form');
  await form.getByLabel('Date').fill(target.slice(0, 10));
  await chooseByKeyboard(form.getByLabel('Start time'), target.slice(11, 16));
  await chooseByKeyboard(form.getByLabel('Calendar'), 'Hugo');
  await expect(form.getByLabel('Calendar')).toHaveValue(String(HUGO));
  await form.getByTestId('move-submit').press('Enter');

  await expect(dialog.getByTestId('action-done')).toContainText('Hugo Perrin');
  await expect(block(page, ours.id)).toHaveAccessibleName(
    new RegExp(
      `^${range(target, LENGTH)}\\s*,\\s*${literal(ours.name)}\\s*,\\s*Coupe femme\\s*,\\s*Hugo Perrin`,
    ),
  );
  const moved = dialog.getByTestId('history-entry').filter({ hasText: 'Moved' });
  await expect(moved).toContainText('From Léonie Marchand to Hugo Perrin');
});

test('the owner changes the service of an appointment from the move form', async ({ page, request }) => {
  const salon = await groupId(request, 'demo-salon');
  // From 30 days ahead: a stretch of Léonie's calendar no other test books or blocks (the others
  // take her first three weeks, the absence tests her afternoons from six weeks on).
  const ours = await book(request, salon, LEONIE, 'Service', 30);
  // A service no longer than the cut: it fits in the hour the appointment already holds, so no
  // booking made meanwhile by a test running alongside can refuse the change.
  const services = await apiGet<{ records: { id: number; length: number }[] }>(
    request,
    `/v3/groups/${salon}/interventions`,
    { locale: 'en' },
  );
  const lengths = new Map(services.records.map((s) => [String(s.id), s.length]));

  await openAgenda(page, OWNER);
  await showDay(page, ours.start);
  await block(page, ours.id).press('Enter');
  const dialog = page.getByTestId('appointment-dialog');
  await dialog.getByTestId('action-move').press('Enter');
  const form = dialog.getByTestId('move-form');
  const service = form.getByTestId('move-service');
  await expect(service).toHaveValue(String(WOMENS_CUT));
  // Another service Léonie performs, chosen by keyboard; same day and time. The form offers the
  // appointment's own service at once and the others once her services have loaded.
  const options = service.locator('option');
  await expect.poll(() => options.count()).toBeGreaterThan(1);
  const other = (
    await options.evaluateAll((list) =>
      list.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })),
    )
  ).find((o) => o.value !== String(WOMENS_CUT) && (lengths.get(o.value) ?? Infinity) <= LENGTH);
  if (!other) throw new Error('Léonie performs no other service within the hour');
  await chooseByKeyboard(service, other.label);
  await expect(service).toHaveValue(other.value);
  await form.getByTestId('move-submit').press('Enter');

  await expect(dialog.getByTestId('action-done')).toBeVisible();
  await expect(block(page, ours.id)).toHaveAccessibleName(new RegExp(`,\\s*${literal(other.label)}\\s*,`));
  await expect(dialog.getByTestId('history-entry').filter({ hasText: 'Moved' })).toContainText(
    `From Coupe femme to ${other.label}`,
  );
});

test('a move onto a taken place is refused and nothing moves', async ({ page, request }) => {
  const salon = await groupId(request, 'demo-salon');
  const ours = await book(request, salon, LEONIE, 'Taken', 5);
  const other = await book(request, salon, LEONIE, 'Holder', 5);

  await openAgenda(page, OWNER);
  await showDay(page, ours.start);
  await block(page, ours.id).press('Enter');
  const dialog = page.getByTestId('appointment-dialog');
  await dialog.getByTestId('action-move').press('Enter');
  const form = dialog.getByTestId('move-form');
  // A start already past is refused before any call.
  await form.getByLabel('Date').fill('2026-01-06');
  await form.getByTestId('move-submit').press('Enter');
  await expect(form.getByTestId('move-problem')).toHaveText(
    'This time has already passed. Choose a later one.',
  );
  await expect(form.getByLabel('Date')).toBeFocused();
  await form.getByLabel('Date').fill(other.start.slice(0, 10));
  await chooseByKeyboard(form.getByLabel('Start time'), other.start.slice(11, 16));
  await form.getByTestId('move-submit').press('Enter');

  await expect(form.getByTestId('move-error')).toHaveText(
    'This place is already taken. Choose another time or calendar; nothing was moved.',
  );
  await expect(form.getByTestId('move-error')).toHaveAttribute('role', 'alert');
  // Still the form, still the old place, no move in the history.
  await form.getByTestId('move-back').press('Enter');
  await expect(dialog.getByTestId('action-move')).toBeFocused();
  await expect(dialog.getByTestId('history-entry')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(block(page, ours.id)).toHaveAccessibleName(new RegExp(`^${range(ours.start, LENGTH)}`));
});

test('a cancellation with a reason, without telling the customer', async ({ page, request }) => {
  const salon = await groupId(request, 'demo-salon');
  const ours = await book(request, salon, LEONIE, 'Cancel', 7);

  await openAgenda(page, OWNER);
  await showDay(page, ours.start);
  await block(page, ours.id).press('Enter');
  const dialog = page.getByTestId('appointment-dialog');
  await dialog.getByTestId('action-cancel').press('Enter');
  const form = dialog.getByTestId('cancel-form');
  await expect(form.getByLabel('Reason (optional)')).toBeFocused();
  await page.keyboard.type('Stylist ill, customer called back');
  await expect(form.getByLabel('Tell the customer by mail')).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(form.getByLabel('Tell the customer by mail')).not.toBeChecked();
  await form.getByTestId('cancel-next').press('Enter');
  const confirm = form.getByTestId('cancel-confirm');
  await expect(confirm.getByRole('heading', { name: 'Cancel this appointment?' })).toBeFocused();
  await expect(confirm).toContainText('The customer will not be told');
  await confirm.getByTestId('cancel-confirm-button').press('Enter');

  await expect(dialog.getByTestId('action-done')).toHaveText('The appointment is cancelled.');
  await expect(dialog.getByTestId('detail-status')).toHaveText('Cancelled');
  await expect(dialog.getByTestId('action-move')).toHaveCount(0);
  await expect(dialog.getByTestId('action-cancel')).toHaveCount(0);
  const cancelled = dialog.getByTestId('history-entry').filter({ hasText: 'Cancelled' });
  await expect(cancelled).toContainText('Cancelled by Capucine Moreau');
  await expect(cancelled).toContainText('Reason: Stylist ill, customer called back');
  await expect(cancelled).toContainText('Customer not told');
  await page.keyboard.press('Escape');
  await expect(block(page, ours.id)).toHaveAccessibleName(/,\s*Cancelled/);
});

test('an open agenda shows a public booking and another browser’s move within two seconds', async ({
  page,
  browser,
  request,
}) => {
  const salon = await groupId(request, 'demo-salon');
  const slots = await slotsFrom(
    request,
    salon,
    { 'intervention_ids[]': WOMENS_CUT, calendar_id: LEONIE },
    24 * 13 + 2,
  );
  const day = slots[0]!.slice(0, 10);

  // Browser A: the agenda of that day, its stream open.
  const streaming = page.waitForResponse((r) => /\/admin\/groups\/\d+\/events\?/.test(r.url()));
  await openAgenda(page, OWNER);
  await streaming;
  await page.getByTestId('agenda-view-day').click();
  await showDay(page, day);
  await expect(page.getByTestId('agenda-live')).toHaveText('');

  // A booking through the public API, on that day.
  const lastname = `Live${Date.now().toString(36)}`;
  let booked: { id: number; start: string } | null = null;
  for (const slot of slots.filter((s) => s.startsWith(day))) {
    const response = await request.post('/api/v3/appointments?apikey=creneau-dev', {
      data: {
        appointment: {
          from_web: 1,
          group_id: salon,
          intervention_ids: [WOMENS_CUT],
          calendar_id: LEONIE,
          date: slot,
          fiche: { firstname: 'Nina', lastname, email: uniqueEmail('live'), firstphone: uniquePhone() },
        },
        with_token: 1,
      },
    });
    if (response.status() === 409) continue;
    expect(response.status(), await response.text()).toBeLessThan(400);
    const record = ((await response.json()) as { records: { id: number; start: string }[] }).records[0]!;
    booked = { id: record.id, start: salonClock(record.start) };
    break;
  }
  expect(booked, 'a free place that day').not.toBeNull();
  const { id, start } = booked!;
  await expect(block(page, id)).toHaveAccessibleName(new RegExp(`Nina ${lastname}`), { timeout: 2_000 });

  // Browser B: the manager moves it; A follows without a reload.
  const target = await freeStart(request, salon, LEONIE, start);
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const pageB = await other.newPage();
    await openAgenda(pageB, MANAGER);
    await showDay(pageB, start);
    await block(pageB, id).press('Enter');
    const dialog = pageB.getByTestId('appointment-dialog');
    await dialog.getByTestId('action-move').press('Enter');
    const form = dialog.getByTestId('move-form');
    await form.getByLabel('Date').fill(target.slice(0, 10));
    await chooseByKeyboard(form.getByLabel('Start time'), target.slice(11, 16));
    await expect(form.getByLabel('Start time')).toHaveValue(target.slice(11, 16));
    await expect(form.getByLabel('Date')).toHaveValue(target.slice(0, 10));
    await form.getByTestId('move-submit').press('Enter');
    await expect(dialog.getByTestId('action-done')).toBeVisible();
  } finally {
    await other.close();
  }
  await page.getByTestId('agenda-date').fill(target.slice(0, 10));
  await expect(block(page, id)).toHaveAccessibleName(new RegExp(`^${range(target, LENGTH)}`), {
    timeout: 2_000,
  });
});

test('a dropped stream is said quietly, and comes back', async ({ page }) => {
  await page.clock.install();
  await page.route(/\/admin\/groups\/\d+\/events\?/, (route) => route.abort('connectionreset'));
  await openAgenda(page, OWNER);
  const status = page.getByTestId('agenda-live');
  await expect(status).toHaveText(/Live updates interrupted; the schedule may be out of date\./);
  await expect(status).toHaveAttribute('role', 'status');
  // The page's clock stops here, so the agenda's own retry timer cannot reconnect between the
  // stream coming back and the click: the button is what reconnects.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await shot(page, 'admin-agenda-live-down');
  }
  await page.unroute(/\/admin\/groups\/\d+\/events\?/);
  const streaming = page.waitForResponse((r) => /\/admin\/groups\/\d+\/events\?/.test(r.url()));
  await status.getByRole('button', { name: 'Reconnect' }).click();
  await streaming;
  await expect(status).toHaveText('');
});

test('the move and cancel forms are accessible at 1280 and 768 px', async ({ page, request }) => {
  const salon = await groupId(request, 'demo-salon');
  const ours = await book(request, salon, LEONIE, 'Axe', 9);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAgenda(page, OWNER);
  await showDay(page, ours.start);
  await block(page, ours.id).press('Enter');
  const dialog = page.getByTestId('appointment-dialog');
  await expect(dialog.getByTestId('history-entry')).toHaveCount(1);
  for (const width of [1280, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, 'admin-dialog-details');
  }
  await dialog.getByTestId('action-move').click();
  for (const width of [1280, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await noPageOverflow(page, `the move form at ${width}px`);
    if (width !== 390) await expectAccessible(page, `the move form at ${width}px`);
    await shot(page, 'admin-dialog-move');
  }
  await dialog.getByTestId('move-back').click();
  await dialog.getByTestId('action-cancel').click();
  for (const width of [1280, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await noPageOverflow(page, `the cancel form at ${width}px`);
    if (width !== 390) await expectAccessible(page, `the cancel form at ${width}px`);
    await shot(page, 'admin-dialog-cancel');
  }
  await dialog.getByTestId('cancel-next').click();
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `the cancel confirmation at ${width}px`);
    await shot(page, 'admin-dialog-cancel-confirm');
  }
});

test('a staff member moves only onto her own calendar', async ({ page, request }) => {
  const salon = await groupId(request, 'demo-salon');
  const ours = await book(request, salon, LEONIE, 'Staff', 11);
  await openAgenda(page, STAFF);
  await showDay(page, ours.start);
  await block(page, ours.id).press('Enter');
  const dialog = page.getByTestId('appointment-dialog');
  await dialog.getByTestId('action-move').press('Enter');
  const calendar = dialog.getByTestId('move-form').getByLabel('Calendar');
  await expect(calendar.locator('option')).toHaveText(['Léonie Marchand']);
  await expect(dialog.getByTestId('move-form')).toContainText('The customer is told of the change by mail.');
});
