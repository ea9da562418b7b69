/**
 * The agenda's calendars together (docs/back-office.md "The web app"): one column per day holds the
 * appointments of every calendar shown, each naming its calendar, as many as the calendars' own
 * columns hold; the free place of that column books on a calendar free then; day and week; axe and
 * no overflow at every width. The test books its own appointment through the API first, three
 * weeks ahead where the other specs seldom book.
 */
import { expect, test } from '../support/fixtures.ts';
import { bookFirstFree, groupId, shot, uniqueEmail, uniquePhone } from './account-support.ts';
import { checkLayouts, LEONIE, OWNER, openAdminAs, salonClock, WOMENS_CUT } from './admin-support.ts';

test('the calendars together: one column a day, each appointment naming its calendar', async ({
  page,
  request,
}) => {
  const salon = await groupId(request, 'demo-salon');
  const booked = await bookFirstFree(
    request,
    salon,
    { 'intervention_ids[]': WOMENS_CUT, calendar_id: LEONIE },
    {
      intervention_ids: [WOMENS_CUT],
      calendar_id: LEONIE,
      fiche: {
        firstname: 'Maëlle',
        lastname: `Together${Date.now().toString(36)}`,
        email: uniqueEmail('together'),
        firstphone: uniquePhone(),
      },
    },
    { hoursAhead: 21 * 24, notBeforeHour: 10 },
  );
  const id = booked.records[0]!.id;
  const day = salonClock(booked.records[0]!.start).slice(0, 10);

  await openAdminAs(page, OWNER, `/demo-salon/admin?locale=en&date=${day}`);
  await page.getByTestId('agenda-view-day').click();
  const board = page.getByTestId('agenda-board');
  const appointment = board.locator(`[data-appointment-id="${id}"]`);
  await expect(appointment).toHaveCount(1);
  const perCalendar = await board.getByTestId('agenda-column').count();
  expect(perCalendar, 'the salon has several calendars').toBeGreaterThan(1);
  // What the calendars' own columns hold, each appointment once (a resource's column repeats some).
  const ids = async () =>
    new Set(
      await board
        .getByTestId('agenda-appointment')
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-appointment-id'))),
    );
  const shownApart = await ids();

  await page.getByTestId('agenda-layout-together').click();
  await expect(page.getByTestId('agenda-layout-together')).toHaveAttribute('aria-pressed', 'true');
  const columns = board.getByTestId('agenda-column');
  await expect(columns).toHaveCount(1);
  await expect(columns.first().getByRole('heading', { level: 4 })).toHaveText('All calendars');
  expect(await ids()).toEqual(shownApart);
  // The appointment says its calendar, on screen and in its name.
  await expect(appointment).toContainText('Léonie');
  await expect(appointment).toHaveAccessibleName(/Léonie/);
  // The keyboard's free place names the calendar it would book on.
  await expect(columns.first().getByTestId('agenda-free-place')).toHaveAccessibleName(
    /^New appointment at \d{2}:\d{2}, (?!All calendars).+, /,
  );
  await checkLayouts(page, 'agenda together day');

  // A week: seven columns, one a day.
  await page.getByTestId('agenda-view-week').click();
  await expect(columns).toHaveCount(7);
  await expect(appointment).toHaveCount(1);
  await shot(page, 'admin-agenda-together-week');

  // Back to a column per calendar.
  await page.getByTestId('agenda-layout-calendars').click();
  await expect(columns).toHaveCount(7 * perCalendar);
});
