/**
 * From nothing to a booked appointment, in a browser, with no file and no restart
 * (docs/back-office.md "Sign-up and platform", "Settings"): on a server of its own with an empty
 * database, a person signs up and becomes the owner of a new business; in the back office they add
 * a second service, a second practitioner who works the afternoons and evenings while the first
 * works the day, and a pack of both services; a customer, in another browser context, sees each
 * practitioner's own hours and books the pack; the owner finds it in the agenda. The whole takes
 * less than the five minutes the test allows.
 */
import type { Page } from '@playwright/test';
import { startEmptyServer } from '../support/empty-server.ts';
import { expect, test } from '../support/fixtures.ts';
import { fill } from './booking-helpers.ts';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

async function saveSettings(page: Page, version: number) {
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-saved')).toContainText(`Saved as version ${version}.`);
}

test('a business set up from an empty database in a browser is booked by a customer', async ({ browser }) => {
  test.setTimeout(300_000);
  const server = await startEmptyServer();
  try {
    const owner = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await owner.newPage();

    // ---- Sign-up: the business, its first service, the owner's hours (every day, 09:00–18:00).
    await page.goto('/signup?locale=en');
    await expect(heading(page)).toHaveText('Create your business');
    await page.getByTestId('signup-firstname').fill('Morgane');
    await page.getByTestId('signup-lastname').fill('Kerbrat');
    await page.getByTestId('signup-email').fill('morgane.kerbrat@example.com');
    await page.getByTestId('signup-password').fill('Ouverture#Salon26');
    await page.getByTestId('signup-name').fill('Atelier Morgane');
    await expect(page.getByTestId('signup-urlname')).toHaveValue('atelier-morgane');
    await page.getByTestId('signup-street').fill('12 rue de Siam');
    await page.getByTestId('signup-zipcode').fill('29200');
    await page.getByTestId('signup-city').fill('Brest');
    await page.getByTestId('signup-language').selectOption('en');
    await page.getByTestId('signup-serviceName').fill('Signature cut');
    await page.getByTestId('signup-duration').fill('30');
    await page.getByTestId('signup-price').fill('32.50');
    for (const day of [6, 7]) await page.getByTestId(`signup-day-${day}`).getByRole('checkbox').check();
    await page.getByTestId('signup-submit').click();
    await expect(page).toHaveURL(/\/atelier-morgane\/admin/, { timeout: 20_000 });
    await expect(page.getByTestId('admin-role')).toHaveText('Owner');

    // ---- A second service, performed by Morgane.
    await page.getByTestId('admin-nav-settings').click();
    await page.getByTestId('settings-tab-services').click();
    await page
      .getByRole('button', { name: /^Add a service/ })
      .first()
      .click();
    const colour = page.getByTestId('catalogue-service').last();
    await colour.getByRole('textbox', { name: 'Name', exact: true }).fill('Colour');
    await colour.getByRole('textbox', { name: 'Name shown to customers' }).fill('Colour');
    await colour.getByRole('textbox', { name: 'Duration (minutes)' }).fill('60');
    await colour.getByRole('textbox', { name: /^Price/ }).fill('55');
    await colour.getByRole('checkbox', { name: 'Morgane Kerbrat' }).check();
    await saveSettings(page, 2);

    // ---- A second practitioner, Yann, who performs both.
    await page.getByTestId('settings-tab-places').click();
    const calendars = page.getByRole('region', { name: 'Calendars' });
    await calendars.getByTestId('places-add-calendars').click();
    const yann = calendars.getByTestId('places-calendar').last();
    await yann.getByRole('textbox', { name: 'Name', exact: true }).fill('Yann Le Goff');
    await yann.getByRole('textbox', { name: 'Name shown to customers' }).fill('Yann Le Goff');
    await yann.getByRole('checkbox', { name: 'Signature cut' }).check();
    await yann.getByRole('checkbox', { name: 'Colour' }).check();
    await saveSettings(page, 3);

    // ---- Yann's hours: every day, 13:00–20:00.
    await page.getByTestId('settings-tab-hours').click();
    const yannHours = page.getByRole('region', { name: 'Yann Le Goff' });
    for (const day of DAYS) {
      const row = yannHours.locator(`[data-testid="hours-day"][data-day="${day}"]`);
      await row.getByTestId('hours-add').click();
      await row.getByTestId('hours-from').fill('13:00');
      await row.getByTestId('hours-to').fill('20:00');
    }
    await saveSettings(page, 4);

    // ---- A pack: the cut, then the colour.
    await page.getByTestId('settings-tab-offers').click();
    await page.getByTestId('offers-add-pack').click();
    await page.getByTestId('pack-name-0').fill('Cut & colour');
    await page.getByTestId('pack-publicname-0').fill('Cut & colour');
    await page.getByTestId('pack-item-service-0-0').selectOption({ label: 'Signature cut' });
    await page.getByTestId('pack-item-service-0-1').selectOption({ label: 'Colour' });
    await page.getByTestId('pack-price-0').fill('80');
    await saveSettings(page, 5);

    // ---- A customer, in a browser of their own: each practitioner's own hours, then the pack.
    const customer = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 900 },
    });
    const visitor = await customer.newPage();
    const group = await (
      await visitor.request.get('/api/v3/services/groups/atelier-morgane.json?apikey=creneau-dev')
    ).json();
    const services = await (
      await visitor.request.get(`/api/v3/groups/${group.id}/interventions?apikey=creneau-dev&results=all`)
    ).json();
    const calendarsFound = await (
      await visitor.request.get(`/api/v3/groups/${group.id}/calendars?apikey=creneau-dev&results=all`)
    ).json();
    const cut = services.records.find((service: { name: string }) => service.name === 'Signature cut');
    const byName = new Map<string, number>(
      calendarsFound.records.map((calendar: { id: number; name: string }) => [calendar.name, calendar.id]),
    );
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const timesOf = async (calendarId: number) => {
      const answer = await visitor.request.get(
        `/api/v3/groups/${group.id}/availabletimeslots?apikey=creneau-dev&start=${tomorrow}&nDays=1&intervention_ids[]=${cut.id}&calendar_id=${calendarId}`,
      );
      const body = (await answer.json()) as { availabletimeslots: { start: string }[] };
      return body.availabletimeslots.map((slot) => slot.start.slice(11, 16));
    };
    const morganeTimes = await timesOf(byName.get('Morgane Kerbrat')!);
    const yannTimes = await timesOf(byName.get('Yann Le Goff')!);
    expect(morganeTimes).toContain('09:00');
    expect(morganeTimes.every((time) => time >= '09:00' && time < '18:00')).toBe(true);
    expect(yannTimes).toContain('19:30');
    expect(yannTimes.every((time) => time >= '13:00' && time < '20:00')).toBe(true);

    const packs = await (
      await visitor.request.get(
        `/api/v3/groups/${group.id}/pack_interventions?apikey=creneau-dev&results=all`,
      )
    ).json();
    const pack = packs.records.find((item: { name: string }) => item.name === 'Cut & colour');
    expect(pack).toBeDefined();
    await visitor.goto('/atelier-morgane/book/intervention_ids?locale=en');
    await expect(heading(visitor)).toHaveText('Choose a service');
    const packsTab = visitor.getByTestId('tab-packs');
    if ((await packsTab.count()) > 0) await packsTab.click();
    await visitor.getByTestId(`service-${pack.id}`).click();
    const perItem = visitor.getByTestId('per-item-calendars');
    const anyone = visitor.getByTestId('calendar-any');
    await expect(
      perItem.or(anyone).or(heading(visitor).filter({ hasText: 'Choose a date and time' })),
    ).toBeVisible();
    if (await perItem.isVisible()) await visitor.getByTestId('item-calendars-continue').click();
    else if (await anyone.isVisible()) await anyone.click();
    await expect(heading(visitor)).toHaveText('Choose a date and time');
    const firstDay = visitor
      .getByTestId('slot-day')
      .filter({ has: visitor.getByTestId(/^slot(-menu)?$/) })
      .first();
    const day = await firstDay.getAttribute('data-date');
    const first = firstDay.getByTestId(/^slot(-menu)?$/).first();
    const opensMenu = (await first.getAttribute('data-testid')) === 'slot-menu';
    await first.click();
    if (opensMenu) await visitor.getByRole('menuitem').first().click();
    await expect(heading(visitor)).toHaveText('Your details');
    await fill(visitor, 'fiche', {
      firstname: 'Gwen',
      lastname: 'Morvan',
      email: 'gwen.morvan@example.com',
      firstphone: '0611223344',
    });
    await visitor.getByTestId('book-submit').click();
    await expect(heading(visitor)).toHaveText('Your appointments are confirmed');
    await expect(visitor.getByTestId('confirm-lines')).toContainText('Cut & colour');
    await expect(visitor.getByTestId('confirm-total')).toContainText('€80.00');
    await customer.close();

    // ---- The owner finds it in the agenda.
    await page.goto(`/atelier-morgane/admin?locale=en&date=${day}`);
    await expect(page.getByText('Gwen Morvan').first()).toBeVisible({ timeout: 20_000 });
    await owner.close();
  } finally {
    await server.stop();
  }
});
