/**
 * A time taken while the visitor fills in their details (docs/booking.md "When the time was just
 * taken"): the visitor reaches the details step, someone else books that very start through the API,
 * the visitor confirms and reads "This time has just been taken" with the next free times; the
 * message has the focus; picking one from the keyboard books it with everything typed kept. axe and
 * screenshots at phone (360 px) and desktop (1280 px) widths.
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
  KEY,
  pageToken,
} from './booking-helpers.ts';

test.describe.configure({ timeout: 60_000 });

const SALON = 'demo-salon';
const HUGO = 24;
const MENS_CUT = 36;

// Each width on its own day, three weeks ahead: no other booking test takes Hugo there.
for (const [width, days] of [
  [360, 21],
  [1280, 22],
] as const) {
  test(`a time just taken offers the next ones, and one of them books at once (${width} px)`, async ({
    page,
    request,
  }) => {
    const group = await groupOf(request, SALON);
    const { day, slots } = await firstDayOfSlots(request, group.id, {
      start: dayAhead(days),
      appointments: [{ intervention_id: MENS_CUT }],
      calendar_id: HUGO,
    });
    const slot = slots[0]!;
    await page.setViewportSize({ width, height: 900 });
    const query = new URLSearchParams({
      intervention_ids: String(MENS_CUT),
      calendar_id: String(HUGO),
      date: day,
      slots: `${day} ${slot.time}:00`,
      locale: 'en',
    });
    await page.goto(`/${SALON}?${query}`);
    await expect(page).toHaveURL(/\/book\/fiche_info\?/);
    await expect(heading(page)).toHaveText('Your details');
    await fill(page, 'fiche', {
      firstname: 'Maël',
      lastname: 'Ronan',
      email: `mael.ronan.${width}@example.com`,
      firstphone: '0677889900',
    });
    await page.getByTestId('comment').fill('Keep the fringe.');

    // Meanwhile, someone else takes that very start.
    const other = await request.post(`/api/v3/appointments?${KEY}`, {
      data: {
        appointment: {
          date: slot.start,
          group_id: group.id,
          from_web: 1,
          fiche: {
            firstname: 'Other',
            lastname: 'Person',
            email: `other.${width}@example.com`,
            firstphone: '0611111111',
          },
          intervention_ids: [MENS_CUT],
          calendar_id: HUGO,
        },
      },
    });
    expect(other.status(), await other.text()).toBe(201);

    await page.getByTestId('book-submit').click();
    const taken = page.getByTestId('slot-taken');
    await expect(taken).toBeVisible();
    await expect(taken).toHaveAttribute('role', 'alert');
    await expect(taken).toBeFocused();
    await expect(taken).toContainText('This time has just been taken');
    // Still on the details step, with everything typed.
    await expect(heading(page)).toHaveText('Your details');
    await expect(page.getByTestId('fiche-firstname')).toHaveValue('Maël');
    await expect(page.getByTestId('comment')).toHaveValue('Keep the fringe.');
    const times = taken.getByTestId('slot-taken-time');
    await expect(times.first()).toBeVisible();
    const offered = await times.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-start')!));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.length).toBeLessThanOrEqual(6);
    expect(offered).not.toContain(slot.start);
    expect(offered.every((start) => Date.parse(start) > Date.parse(slot.start))).toBe(true);
    await checkPage(page, `slot-taken`);

    // The first offered time, from the keyboard.
    await page.keyboard.press('Tab');
    await expect(times.first()).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/book\/confirm/);
    await expect(heading(page)).toHaveText('Your appointment is confirmed');
    await expect(page.getByTestId('confirmation')).toContainText('Keep the fringe.');
    await checkPage(page, 'slot-taken-confirm');
    const booked = await appointmentsOf(request, group.id, (await pageToken(page))!);
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({
      start: new Date(offered[0]!).toISOString(),
      intervention_id: MENS_CUT,
      calendar_id: HUGO,
      fiche: { firstname: 'Maël', lastname: 'Ronan' },
      comments: 'Keep the fringe.',
    });
  });
}
