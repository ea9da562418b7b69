/**
 * A whole booking with the keyboard only, at phone width (360 px): every choice reached with Tab
 * and made with Enter or Space, the slot chosen in the phone strip's list of times, the form filled
 * and sent; axe and the no-horizontal-scroll check on every step at 360 px, including the step bar's
 * phone form, the folded summary, the date picker and the login step. Screenshots with SCREENSHOTS=1.
 */
import { expect, test } from '../support/fixtures.ts';
import { checkPage, dayAhead, firstDayOfSlots, groupOf, heading, tabTo } from './booking-helpers.ts';

test.describe.configure({ timeout: 90_000 });

const LEONIE = 23;
const CHILD_CUT = 37;

test('a booking made with the keyboard only, at phone width, accessible at every step', async ({
  page,
  request,
}) => {
  const group = await groupOf(request, 'demo-salon');
  const { day, slots } = await firstDayOfSlots(request, group.id, {
    start: dayAhead(11),
    appointments: [{ intervention_id: CHILD_CUT }],
    calendar_id: LEONIE,
  });
  const slot = slots[Math.floor(slots.length / 2)]!;
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/demo-salon/book/interventionset_ids?locale=en&date=${day}`);
  await expect(heading(page)).toHaveText('Choose a category');
  await checkPage(page, 'keyboard-categories');

  await tabTo(page, page.getByTestId('category-12'));
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText('Choose a service');
  await expect(page.getByTestId('step-bar')).toContainText('Service');
  await checkPage(page, 'keyboard-services');
  await tabTo(page, page.getByTestId(`service-${CHILD_CUT}`));
  await page.keyboard.press('Enter');

  await expect(heading(page)).toHaveText('Choose a practitioner');
  // The summary is folded to one line on phones; it opens from the keyboard.
  const toggle = page.getByTestId('summary-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('summary-add')).toBeVisible();
  await checkPage(page, 'keyboard-calendars');
  await tabTo(page, page.getByTestId(`calendar-${LEONIE}`));
  await page.keyboard.press('Enter');

  await expect(heading(page)).toHaveText('Choose a date and time');
  // Phones: the strip of days with room and one day's times (docs/decisions/005).
  await expect(page.getByTestId('slot-strip')).toBeVisible();
  await expect(page.getByTestId('slot-day')).toHaveCount(1);
  await checkPage(page, 'keyboard-slots');
  // The date picker opens, is accessible, and closes with Escape.
  await tabTo(page, page.getByTestId('slots-date-picker'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('date-picker')).toBeVisible();
  await checkPage(page, 'keyboard-date-picker');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('date-picker')).toHaveCount(0);

  // The link's day is the first with room: its times are listed, each a direct button.
  await expect(page.getByTestId('slot-day')).toHaveAttribute('data-date', slot.start.slice(0, 10));
  await tabTo(page, page.locator(`[data-testid="slot"][data-start="${slot.start}"]`));
  await page.keyboard.press('Enter');

  await expect(heading(page)).toHaveText('Your details');
  await tabTo(page, page.getByTestId('fiche-firstname'));
  await page.keyboard.type('Hugo');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Lemaire');
  await page.keyboard.press('Tab');
  await page.keyboard.type('hugo.lemaire@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0699887766');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('vevent-first_visit')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('vevent-first_visit')).toBeChecked();
  await checkPage(page, 'keyboard-fiche');
  await tabTo(page, page.getByTestId('book-submit'));
  await page.keyboard.press('Enter');

  await expect(heading(page)).toHaveText('Your appointment is confirmed');
  await expect(page.getByTestId('confirmation')).toContainText('for Hugo Lemaire');
  await checkPage(page, 'keyboard-confirm');
});

test('the login step and the clinic steps are accessible at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/demo-private/book/login');
  await expect(heading(page)).toHaveText('Accedi o crea un account');
  await expect(page.getByTestId('login-column')).toBeVisible();
  await expect(page.getByTestId('register-column')).toBeVisible();
  await checkPage(page, 'login-step');

  await page.goto('/demo-clinic/book/calendarset_id?locale=en');
  await checkPage(page, 'calendarsets');
  await page.getByTestId('calendarset-5').click();
  await page.getByTestId('category-8').click();
  await page.getByTestId('service-21').click();
  await expect(heading(page)).toHaveText('Choose a practitioner');
  await checkPage(page, 'calendars-list');
  await page.getByTestId('calendar-any').click();
  await expect(heading(page)).toHaveText('Choose a resource');
  await checkPage(page, 'resources');
});
