/**
 * The owner's calendars & resources, dated changes and stranded appointments (docs/group-configuration.md
 * "Calendars", edited in docs/back-office.md "Settings"; docs/back-office.md "Stranded appointments"):
 * the owner adds a calendar by keyboard that performs the women's cut and finds it offered on the
 * booking page; closes Léonie on the day of an appointment booked for the test, is asked first
 * (the save lists the appointment it would strand and writes nothing), saves anyway, sees that
 * day's public slots vanish and the appointment listed with a link to its day in the agenda; cannot
 * remove Léonie while she has appointments to come (the server's refusal shown on her); then
 * everything goes back (the version before restored, the appointment cancelled). The configuration
 * writes hold the lock the other writing tests hold. Axe at 1280 and 768, no overflow at 390.
 */
import type { Page } from '@playwright/test';
import { WRITES_CONFIGURATION, withConfigurationLock } from '../support/configuration-lock.ts';
import { expect, test } from '../support/fixtures.ts';
import { API_KEY, bookFirstFree, groupId, shot, uniqueEmail, uniquePhone } from './account-support.ts';
import {
  addDays,
  checkLayouts,
  configurationCall,
  LEONIE,
  leonieCutStarts,
  OWNER,
  openAdminAs,
  restoreVersion,
  salonClock,
  WOMENS_CUT,
} from './admin-support.ts';

interface Configuration {
  version: number;
}

async function openTab(page: Page, tab: 'places' | 'hours') {
  await page.getByTestId(`settings-tab-${tab}`).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/demo-salon/admin/settings/${tab}\\?locale=en`));
}

test.describe('back office: calendars & resources, dated changes, stranded appointments', () => {
  test('a calendar added by keyboard is offered publicly; a closed day empties its slots and lists the appointment it strands', {
    tag: WRITES_CONFIGURATION,
  }, async ({ page, request, browser }) => {
    test.setTimeout(240_000);
    const salon = await groupId(request, 'demo-salon');
    const stamp = Date.now().toString(36).slice(-5);
    const calendarName = `Chloé ${stamp}`;
    const lastname = `Echoue${stamp}`;

    await openAdminAs(page, OWNER);
    await page.getByTestId('admin-nav-settings').click();
    await withConfigurationLock(async () => {
      const before = await configurationCall<Configuration>(page, 'GET');
      // The settings opened before the lock may show a version another test saved since.
      await page.reload();
      let appointmentId: number | null = null;
      try {
        // ---- A calendar, added by keyboard, performing the women's cut.
        await openTab(page, 'places');
        await expect(page.getByTestId('settings-tab-places')).toHaveAttribute('aria-current', 'page');
        const calendars = page.getByRole('region', { name: 'Calendars' });
        await expect(calendars.getByTestId('places-calendar').first()).toContainText('Léonie');
        await checkLayouts(page, 'settings places');
        // A site, typed in and looked at, then taken away again before any save.
        const sites = page.getByRole('region', { name: 'Sites' });
        await sites.getByTestId('places-add-sites').press('Enter');
        const site = sites.getByTestId('places-site');
        await expect(site.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
        await page.keyboard.type('Presqu’île');
        await site.getByRole('textbox', { name: 'Street and number' }).fill('12 rue Mercière');
        await site.getByRole('textbox', { name: 'Postal code' }).fill('69002');
        await expect(calendars.getByTestId('places-site-choice').first()).toContainText('Presqu’île');
        await checkLayouts(page, 'settings places site');
        await site.getByTestId('places-remove-site').press('Enter');
        await expect(site).toHaveCount(0);
        await expect(sites.getByTestId('places-add-sites')).toBeFocused();
        await calendars.getByTestId('places-add-calendars').press('Enter');
        const added = calendars.getByTestId('places-calendar').last();
        await expect(added.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
        await page.keyboard.type(calendarName);
        await page.keyboard.press('Tab');
        await expect(added.getByRole('textbox', { name: 'Name shown to customers' })).toBeFocused();
        await page.keyboard.type(calendarName);
        const cut = added.getByRole('checkbox', { name: 'Coupe femme' });
        await cut.focus();
        await page.keyboard.press('Space');
        await expect(cut).toBeChecked();
        await expect(added.getByRole('checkbox', { name: 'Offered for online booking' })).toBeChecked();
        await page.keyboard.press('Enter');

        const saved = page.getByTestId('settings-saved');
        await expect(saved).toContainText(`Saved as version ${before.version + 1}.`);
        await expect(page.getByTestId('settings-saved-title')).toBeFocused();
        await expect(
          saved.getByTestId('settings-change').filter({ hasText: 'calendars[calendar]' }),
        ).toContainText('Added');
        await expect(saved.getByTestId('settings-stranded')).toHaveCount(0);
        await shot(page, 'admin-settings-places-saved');

        const visitor = await browser.newPage();
        await visitor.goto(`/demo-salon?intervention_ids=${WOMENS_CUT}&locale=en`);
        await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Choose a practitioner');
        await expect(visitor.getByText(calendarName)).toBeVisible();
        await shot(visitor, 'admin-settings-places-booking-page');
        await visitor.close();

        // ---- A closed day for Léonie on the day of a booked appointment.
        const booked = await bookFirstFree(
          request,
          salon,
          { 'intervention_ids[]': WOMENS_CUT, calendar_id: LEONIE },
          {
            intervention_ids: [WOMENS_CUT],
            calendar_id: LEONIE,
            fiche: {
              firstname: 'Maëlle',
              lastname,
              email: uniqueEmail('stranded'),
              firstphone: uniquePhone(),
            },
          },
          { hoursAhead: 24 * 10 },
        );
        const appointment = booked.records[0] as { id: number; start: string };
        appointmentId = appointment.id;
        const day = salonClock(appointment.start).slice(0, 10);
        expect((await leonieCutStarts(request, salon, day)).length).toBeGreaterThan(0);

        await openTab(page, 'hours');
        const leonie = page.getByRole('region', { name: 'Léonie Marchand' });
        const dated = leonie.getByTestId('hours-exceptions');
        await dated.locator('summary').focus();
        await page.keyboard.press('Enter');
        await dated.getByTestId('exception-add-closed').press('Enter');
        const row = dated.getByTestId('hours-exception').last();
        await expect(row.getByTestId('exception-from')).toBeFocused();
        await expect(row.getByTestId('exception-kind')).toHaveValue('closure');
        // The browser refuses an end before the start, on its field.
        await row.getByTestId('exception-from').fill(`${day}T00:00`);
        await row.getByTestId('exception-to').fill(`${day}T00:00`);
        await page.getByTestId('settings-save').click();
        await expect(page.getByTestId('settings-error')).toContainText('Some entries need correcting');
        await expect(row.getByTestId('exception-to')).toBeFocused();
        await expect(row.getByTestId('exception-error')).toHaveText('The end must come after the start.');
        await row.getByTestId('exception-to').fill(`${addDays(day, 1)}T00:00`);
        await row.getByTestId('exception-label').fill(`Inventaire ${stamp}`);
        await expect(row.getByTestId('exception-error')).toHaveCount(0);
        await checkLayouts(page, 'settings hours dated');
        await page.getByTestId('settings-save').click();

        // Nothing is saved before the owner has seen what the closed day strands.
        const confirm = page.getByTestId('settings-stranded-confirm');
        const asked = confirm.getByRole('heading');
        await expect(asked).toHaveText(
          /^Not saved yet\. Booked appointments this change would leave outside the hours: \d+$/,
        );
        await expect(asked).toBeFocused();
        await expect(
          confirm.getByTestId('affected-appointment').filter({ hasText: `Maëlle ${lastname}` }),
        ).toHaveCount(1);
        expect((await configurationCall<Configuration>(page, 'GET')).version).toBe(before.version + 1);
        expect((await leonieCutStarts(request, salon, day)).length).toBeGreaterThan(0);
        await checkLayouts(page, 'settings hours stranded question');
        await confirm.getByTestId('settings-save-anyway').click();

        await expect(saved).toContainText(`Saved as version ${before.version + 2}.`);
        await expect(confirm).toHaveCount(0);
        await expect(saved.getByTestId('settings-change')).toContainText('calendars[leonie].exceptions');
        expect(await leonieCutStarts(request, salon, day)).toEqual([]);
        const stranded = saved.getByTestId('settings-stranded');
        // Tests side by side book Léonie too: ours is listed among whatever else fell on that day.
        await expect(stranded.getByRole('heading')).toHaveText(
          /^Booked appointments now outside the hours: \d+$/,
        );
        const item = stranded.getByTestId('affected-appointment').filter({ hasText: `Maëlle ${lastname}` });
        await expect(item).toHaveCount(1);
        await expect(item).toContainText('Coupe femme · Léonie Marchand');
        await expect(item.getByTestId('affected-open')).toHaveAttribute(
          'href',
          new RegExp(`/demo-salon/admin\\?locale=en&date=${day}$`),
        );
        await checkLayouts(page, 'settings hours stranded');
        await item.getByTestId('affected-open').click();
        await expect(page).toHaveURL(new RegExp(`/demo-salon/admin\\?locale=en&date=${day}$`));
        await expect(page.locator(`[data-appointment-id="${appointment.id}"]`)).toBeVisible();

        // ---- Léonie has appointments to come: the server keeps her, and says why on her name.
        await page.getByTestId('admin-nav-settings').click();
        await openTab(page, 'places');
        const leonieCard = page.locator('[data-testid="places-calendar"][data-calendar="leonie"]');
        await leonieCard.getByTestId('places-remove').press('Enter');
        await expect(leonieCard).toHaveCount(0);
        await page.getByTestId('settings-save').click();
        await expect(page.getByTestId('settings-error')).toContainText('Some details need correcting');
        await expect(leonieCard.getByTestId('places-field-error')).toHaveText(
          'Appointments are booked on it in the future: move or cancel them in the agenda first.',
        );
        await expect(leonieCard.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
        expect((await configurationCall<Configuration>(page, 'GET')).version).toBe(before.version + 2);
      } finally {
        await restoreVersion(page, before.version);
        if (appointmentId !== null) {
          const token = await page.evaluate(() => window.localStorage.getItem('creneau.token') ?? '');
          const cancelled = await request.post(
            `/api/v3/admin/groups/${salon}/appointments/${appointmentId}/cancel?apikey=${API_KEY}&token=${token}`,
            { data: { notify_customer: false } },
          );
          expect(cancelled.status()).toBe(200);
        }
      }
      // Restored: the calendar is no longer offered and the day can be booked again.
      const visitor = await browser.newPage();
      await visitor.goto(`/demo-salon?intervention_ids=${WOMENS_CUT}&locale=en`);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Choose a practitioner');
      await expect(visitor.getByText(calendarName)).toHaveCount(0);
      await visitor.close();
    });
  });
});
