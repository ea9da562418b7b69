/**
 * A working day at the salon's desk, by keyboard alone (docs/back-office.md): the owner logs in,
 * opens a day, books a walk-in from a free place, moves it to another hour, marks the customer a
 * no-show, then blocks the afternoon — and the afternoon's slots vanish from the public slot list
 * the booking pages read. Each step has its own thorough test (admin-board, admin-actions,
 * admin-agenda, admin-absences); this one proves they hold together in one sitting, with the
 * mouse left alone. The test cleans up what it made.
 */
import { expect, test } from '../support/fixtures.ts';
import { apiPost, groupId, uniqueEmail, uniquePhone } from './account-support.ts';
import { afternoon, LEONIE, leonieCutStarts, leonieDay, minuteOf, OWNER } from './admin-support.ts';
import { tabTo } from './booking-helpers.ts';

const clock = (start: string) => start.slice(11, 16);
const morning = (starts: string[]) => starts.filter((start) => clock(start) < '12:00');

test('a working day by keyboard: walk-in, move, no-show, afternoon blocked and gone from the public slots', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const salon = await groupId(request, 'demo-salon');
  // A Tuesday, Wednesday or Friday (Léonie's days ending at 19:00) seven to twelve weeks ahead
  // with a free morning and afternoon.
  const { day, starts } = await leonieDay(
    request,
    salon,
    49,
    (starts) => afternoon(starts).length >= 8 && morning(starts).length >= 4,
  );
  expect(day, 'a day with a free morning and afternoon').not.toBe('');
  const [walkInTime, moveTime] = [clock(morning(starts)[0]!), clock(morning(starts).at(-1)!)];
  const lastname = `Journee${Date.now().toString(36)}`;
  const label = `Réunion ${Date.now().toString(36)}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  // Logs in from the back office's address: the login form by keyboard, then back to the agenda.
  await page.goto('/demo-salon/admin?locale=en');
  await expect(page).toHaveURL(/\/demo-salon\/login\?locale=en$/);
  await page.getByTestId('login-email').focus();
  await page.keyboard.type(OWNER.email);
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('login-password')).toBeFocused();
  await page.keyboard.type(OWNER.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/demo-salon\/admin\?locale=en$/);

  // Opens the day: the day view, then the date typed in the date field.
  await tabTo(page, page.getByTestId('agenda-view-day'), 300);
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByTestId('agenda-date'), 300);
  await page.getByTestId('agenda-date').fill(day);
  await expect(page.getByTestId('agenda-track').first()).toHaveAttribute('data-day', day);

  // A walk-in from Léonie's free place: Tab to it, arrows to the time, Enter.
  const free = page.locator(`[data-calendar-id="${LEONIE}"] [data-testid="agenda-free-place"]`);
  await tabTo(page, free, 120);
  for (let i = 0; i < 96; i++) {
    const shown = (await free.getAttribute('aria-label'))?.match(/at (\d\d:\d\d)/)?.[1] ?? '00:00';
    if (minuteOf(shown) === minuteOf(walkInTime)) break;
    await page.keyboard.press(minuteOf(shown) < minuteOf(walkInTime) ? 'ArrowDown' : 'ArrowUp');
  }
  await page.keyboard.press('Enter');
  const walkIn = page.getByTestId('walkin-dialog');
  await expect(walkIn.getByTestId('walkin-time')).toHaveValue(walkInTime);
  await tabTo(page, walkIn.getByTestId('walkin-firstname'), 40);
  await page.keyboard.type('Aline');
  await page.keyboard.press('Tab');
  await page.keyboard.type(lastname);
  // The salon's record form asks for an e-mail address and a phone number.
  await page.keyboard.press('Tab');
  await page.keyboard.type(uniqueEmail('working-day'));
  await page.keyboard.press('Tab');
  await page.keyboard.type(uniquePhone());
  await tabTo(page, walkIn.getByTestId('walkin-notify'), 10);
  await page.keyboard.press('Space');
  await tabTo(page, walkIn.getByTestId('walkin-submit'), 20);
  await page.keyboard.press('Enter');
  await expect(walkIn).toHaveCount(0);
  const booked = page.getByRole('button', {
    name: new RegExp(`^${walkInTime} to \\d\\d:\\d\\d, Aline ${lastname}, `),
  });
  await expect(booked).toBeFocused();
  const appointmentId = Number(await booked.getAttribute('data-appointment-id'));

  // Moves it to the end of the morning with the dialog's time picker.
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('appointment-dialog');
  await tabTo(page, dialog.getByTestId('action-move'), 40);
  await page.keyboard.press('Enter');
  const move = dialog.getByTestId('move-form');
  await expect(move.getByLabel('Date')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(move.getByLabel('Start time')).toBeFocused();
  await page.keyboard.press('Home');
  await move.getByLabel('Start time').pressSequentially(moveTime, { delay: 30 });
  await expect(move.getByLabel('Start time')).toHaveValue(moveTime);
  await tabTo(page, move.getByTestId('move-submit'), 20);
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('action-done')).toContainText(`at ${moveTime}, Léonie Marchand`);

  // The customer did not come: a no-show, from the same dialog.
  await tabTo(page, dialog.getByTestId('mark-no-show'), 40);
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('detail-attendance')).toHaveText('No-show');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(`[data-appointment-id="${appointmentId}"]`)).toHaveAccessibleName(
    new RegExp(`^${moveTime} to .*No-show`),
  );

  // The afternoon off: the absences section, Léonie's calendar, 13:30 to 19:00.
  await tabTo(page, page.getByTestId('admin-nav-absences'), 200);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/demo-salon\/admin\/absences\?locale=en$/);
  const form = page.getByTestId('absence-form');
  await tabTo(page, form.getByTestId('absence-calendar'), 40);
  await form.getByTestId('absence-calendar').selectOption(String(LEONIE));
  await tabTo(page, form.getByTestId('absence-date'), 10);
  await form.getByTestId('absence-date').fill(day);
  // A date or time field's parts take Tab in turn: on to the next field.
  await tabTo(page, form.getByTestId('absence-fromTime'), 10);
  await form.getByTestId('absence-fromTime').fill('13:30');
  await tabTo(page, form.getByTestId('absence-toTime'), 10);
  await form.getByTestId('absence-toTime').fill('19:00');
  await tabTo(page, form.getByTestId('absence-label'), 10);
  await page.keyboard.type(label);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('absence-result').getByTestId('affected-none')).toBeVisible();

  // The booking pages no longer offer the afternoon; the morning stays.
  const during = await leonieCutStarts(request, salon, day);
  expect(afternoon(during)).toEqual([]);
  expect(morning(during).length).toBeGreaterThan(0);

  // Clean-up, by keyboard too: the absence deleted, the afternoon back.
  const entry = page.getByTestId('absence-entry').filter({ hasText: label });
  await entry.getByTestId('absence-delete').press('Enter');
  await page.getByTestId('absence-confirm').getByTestId('absence-confirm-delete').press('Enter');
  await expect(entry).toHaveCount(0);
  expect(afternoon(await leonieCutStarts(request, salon, day)).length).toBeGreaterThanOrEqual(8);
  const { account_token: token } = await apiPost<{ account_token: string }>(
    request,
    '/v3/sessions/login.json',
    {
      credentials: OWNER,
      account: { group_id: salon },
    },
  );
  await apiPost(
    request,
    `/v3/admin/groups/${salon}/appointments/${appointmentId}/cancel`,
    { notify_customer: false },
    { token },
  );
});
