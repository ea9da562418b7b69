/**
 * The back office's agenda (docs/back-office.md): the owner logs in from /demo-salon/admin and comes
 * back to it, sees the week, opens an appointment by keyboard alone and marks the customer arrived;
 * a staff member sees only her own calendar; a call-centre member gets the no-access page. axe at
 * 1280 and 768 px (and 390 for the no-access page), no horizontal overflow of the page. The
 * appointment is booked through the public API first, so the test owns its data.
 */
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { bookFirstFree, groupId, shot, uniqueEmail, uniquePhone } from './account-support.ts';
import { CALL_CENTRE, LEONIE, logInToAdmin, OWNER, STAFF } from './admin-support.ts';
import { noPageOverflow } from './booking-helpers.ts';

test('the owner opens an appointment by keyboard and marks the customer arrived', async ({
  page,
  request,
}) => {
  const salon = await groupId(request, 'demo-salon');
  const lastname = `Agenda${Date.now().toString(36)}`;
  const booked = await bookFirstFree(
    request,
    salon,
    { 'intervention_ids[]': 35, calendar_id: LEONIE },
    {
      intervention_ids: [35],
      calendar_id: LEONIE,
      fiche: { firstname: 'Margaux', lastname, email: uniqueEmail('agenda'), firstphone: uniquePhone() },
      vevent: { first_visit: true },
    },
    { hoursAhead: 2 },
  );
  const appointment = booked.records[0]!;
  // The slot's wall-clock date in the salon's zone, as the API wrote it.
  const day = appointment.start.slice(0, 10);

  await page.setViewportSize({ width: 1280, height: 900 });
  await logInToAdmin(page, OWNER);
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await expect(page.getByTestId('agenda-view-week')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('agenda-day')).toHaveCount(7);
  await expect(page.getByTestId('admin-role')).toHaveText('Owner');
  await expect(page.getByRole('main')).toBeVisible();

  // To the booked day's week with the date field, by keyboard.
  const dateField = page.getByTestId('agenda-date');
  await dateField.fill(day);
  const ours = page.locator(`[data-appointment-id="${appointment.id}"]`);
  await expect(ours).toBeVisible();
  await expect(ours).toHaveAccessibleName(
    new RegExp(
      `^\\d\\d:\\d\\d to \\d\\d:\\d\\d\\s*,\\s*Margaux ${lastname}\\s*,\\s*Coupe femme\\s*,\\s*Léonie Marchand`,
    ),
  );
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await noPageOverflow(page, `the agenda at ${width}px`);
    await expectAccessible(page, `the agenda at ${width}px`);
    await shot(page, `admin-agenda-week`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Tab from the date field until the appointment has the focus, then Enter.
  await dateField.focus();
  let reached = false;
  for (let i = 0; i < 300 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await ours.evaluate((element) => element === document.activeElement);
  }
  expect(reached, 'the appointment is reachable with Tab').toBe(true);
  // Arrow keys move between appointments and back.
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  const inColumn = page.locator(':focus');
  await expect(inColumn).toHaveAttribute('data-testid', 'agenda-appointment');
  await ours.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByTestId('appointment-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: `Margaux ${lastname}` })).toBeVisible();
  await expect(dialog.getByTestId('detail-status')).toHaveText('Confirmed');
  await expect(dialog.getByTestId('detail-phone')).toHaveAttribute('href', /^tel:\+33\d+$/);
  // The booking form's answer, under the salon's own label.
  await expect(dialog.getByRole('definition').filter({ hasText: 'Yes' })).toHaveCount(1);
  await expect(dialog.getByText('C’est ma première visite à l’atelier')).toBeVisible();
  await expectAccessible(page, 'the appointment dialog');
  await shot(page, 'admin-dialog');

  await dialog.getByTestId('mark-arrived').press('Enter');
  await expect(dialog.getByTestId('detail-attendance')).toHaveText('Arrived');
  await expect(dialog.getByTestId('mark-arrived')).toHaveAttribute('aria-pressed', 'true');
  // The private note, saved from the keyboard too.
  await dialog.getByTestId('note-field').fill('Prefers a quiet corner.');
  await dialog.getByTestId('note-save').press('Enter');
  await expect(dialog.getByText('Note saved')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // The agenda shows the mark without a reload, and the focus is back on the appointment.
  await expect(ours.getByTestId('badge-arrived')).toBeVisible();
  await expect(ours).toHaveAccessibleName(/,\s*Léonie Marchand\s*,\s*Arrived\s*,\s*private note$/);
  await expect(ours).toBeFocused();
});

test('a staff member sees only her own calendar', async ({ page }) => {
  await logInToAdmin(page, STAFF);
  await expect(page.getByTestId('admin-role')).toHaveText('Staff');
  const columns = page.getByTestId('agenda-column');
  await expect(columns).toHaveCount(7);
  await expect(page.getByTestId('agenda-board').getByRole('heading', { level: 4 })).toHaveText(
    Array(7).fill('Léonie Marchand'),
  );
  await expect(page.getByTestId('agenda-board')).not.toContainText('Hugo Perrin');
  // One calendar: nothing to filter.
  await expect(page.getByTestId('agenda-filter')).toHaveCount(0);
  await page.getByTestId('agenda-view-day').click();
  await expect(page.getByTestId('agenda-day')).toHaveCount(1);
  await expect(columns).toHaveCount(1);
});

test('a call-centre member gets the no-access page', async ({ page }) => {
  await logInToAdmin(page, CALL_CENTRE);
  const refused = page.getByTestId('admin-no-access');
  await expect(refused.getByRole('heading', { level: 1 })).toHaveText('No access to the schedule');
  await expect(refused).toContainText('nadia.lefevre@example.com');
  await expect(refused.getByRole('link', { name: 'Book an appointment' })).toBeVisible();
  await expect(page.getByTestId('agenda-board')).toHaveCount(0);
  for (const width of [1280, 768, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await noPageOverflow(page, `the no-access page at ${width}px`);
    await expectAccessible(page, `the no-access page at ${width}px`);
    await shot(page, 'admin-no-access');
  }
});

test('the day sheet is built for printing only: by the print button and by the browser’s own print', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The browser's print dialog would block the test: the button's call is counted instead.
  await page.addInitScript(() => {
    const counted = window as unknown as { printCalls: number };
    counted.printCalls = 0;
    window.print = () => {
      counted.printCalls += 1;
    };
  });
  await logInToAdmin(page, STAFF);
  await page.getByTestId('agenda-view-day').click();
  await expect(page.getByTestId('agenda-column')).toHaveCount(1);
  // On screen the agenda alone: no second copy of its appointments.
  const sheet = page.getByTestId('print-sheet');
  await expect(sheet).toHaveCount(0);

  await page.getByTestId('admin-print').click();
  expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
  await expect(sheet).toHaveCount(1);
  // Hidden from the screen (so not by role yet): one calendar's section, the staff member's own.
  await expect(sheet.locator('h3')).toHaveText(['Léonie Marchand']);
  // On paper the sheet is all there is; the agenda is set aside.
  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(page.getByTestId('agenda-board')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(sheet).toHaveCount(0);

  // Ctrl+P or the browser's menu: the sheet is in the page before the page is laid out for paper.
  const built = await page.evaluate(() => {
    window.dispatchEvent(new Event('beforeprint'));
    return document.querySelector('[data-testid="print-sheet"]') !== null;
  });
  expect(built).toBe(true);
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(sheet).toHaveCount(0);
});

test('a link naming a day opens the agenda on it, and a wrong one on today', async ({ page }) => {
  await logInToAdmin(page, OWNER);
  await page.goto('/demo-salon/admin?date=2027-01-13&locale=en');
  await expect(page.getByTestId('agenda-date')).toHaveValue('2027-01-13');
  await expect(page.getByTestId('agenda-range')).toContainText('2027');
  await page.goto('/demo-salon/admin?date=2027-02-30&locale=en');
  await expect(page.getByTestId('agenda-date')).not.toHaveValue('2027-02-30');
  await expect(page.getByTestId('agenda-date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
});

test('a member of staff finds the back office in the account menu', async ({ page }) => {
  await page.goto('/demo-salon/login?locale=en');
  await page.getByTestId('login-email').fill(STAFF.email);
  await page.getByTestId('login-password').fill(STAFF.password);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Back office' }).click();
  await expect(page).toHaveURL(/\/demo-salon\/admin\?locale=en$/);
  await expect(page.getByTestId('admin-role')).toHaveText('Staff');
});
