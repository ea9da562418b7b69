/**
 * The owner's services and opening hours (docs/group-configuration.md "Catalogue" and "Weekly
 * hours", edited in docs/back-office.md "Settings"): the owner adds a service with a price and a
 * duration by keyboard, given to Inès, sees the change and finds the service in the public list and
 * on the booking page; lengthens Inès's Saturday afternoon by an hour after the browser refused an end before the
 * start, and the public slots of that Saturday reach into the new hour; then restores the version
 * before both from the history and both are undone. Inès's late Saturday is a time no other test
 * books; the configuration writes hold the lock the other writing tests hold. Axe at 1280 and 768
 * on both sub-views, screenshots at 1280 and 390.
 */
import type { APIRequestContext } from '@playwright/test';
import { WRITES_CONFIGURATION, withConfigurationLock } from '../support/configuration-lock.ts';
import { expect, test } from '../support/fixtures.ts';
import { apiGet, groupId, shot } from './account-support.ts';
import { checkLayouts, configurationCall, OWNER, openAdminAs, restoreVersion } from './admin-support.ts';
import { dayAhead } from './booking-helpers.ts';

interface Configuration {
  version: number;
}

/** The id of a demo salon item by externid (`interventions` or `calendars`). */
async function idOf(request: APIRequestContext, salon: number, list: string, externid: string) {
  const { records } = await apiGet<{ records: { id: number }[] }>(request, `/v3/groups/${salon}/${list}`, {
    'conditions[0][field]': 'externid',
    'conditions[0][op]': '=',
    'conditions[0][value]': externid,
  });
  expect(records, `${list} ${externid}`).toHaveLength(1);
  return (records[0] as { id: number }).id;
}

async function publicServiceNames(request: APIRequestContext, salon: number): Promise<string[]> {
  const { records } = await apiGet<{ records: { publicname: string }[] }>(
    request,
    `/v3/groups/${salon}/interventions`,
    { locale: 'en' },
  );
  return records.map((record) => record.publicname);
}

/** The local start times ("HH:MM") of the free slots of one day. */
async function slotTimes(
  request: APIRequestContext,
  salon: number,
  service: number,
  calendar: number,
  day: string,
) {
  const body = await apiGet<{ availabletimeslots: { start: string }[] }>(
    request,
    `/v3/groups/${salon}/availabletimeslots`,
    {
      start: day,
      nDays: 1,
      'appointments[0][intervention_id]': service,
      calendar_id: calendar,
    },
  );
  return body.availabletimeslots
    .filter((slot) => slot.start.startsWith(day))
    .map((slot) => slot.start.slice(11, 16));
}

/** The next Saturday at least two days ahead on which Inès has a free slot. */
async function saturdayOfInes(request: APIRequestContext, salon: number, service: number, calendar: number) {
  for (let days = 2; days < 40; days += 1) {
    const day = dayAhead(days);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() !== 6) continue;
    if ((await slotTimes(request, salon, service, calendar, day)).length > 0) return day;
  }
  throw new Error('no Saturday with a free slot for Inès');
}

test.describe('back office: services and opening hours', () => {
  test('the owner adds a service and lengthens a day, sees both in public, then restores the version before', {
    tag: WRITES_CONFIGURATION,
  }, async ({ page, request, browser }) => {
    test.setTimeout(240_000);
    const salon = await groupId(request, 'demo-salon');
    const patine = await idOf(request, salon, 'interventions', 'patine');
    const ines = await idOf(request, salon, 'calendars', 'ines');
    const saturday = await saturdayOfInes(request, salon, patine, ines);
    const stamp = Date.now().toString().slice(-6);
    const serviceName = `Coupe frange ${stamp}`;

    await openAdminAs(page, OWNER);
    await withConfigurationLock(async () => {
      const before = await configurationCall<Configuration>(page, 'GET');
      try {
        // ---- A service, added by keyboard to the cuts.
        await page.getByTestId('admin-nav-settings').click();
        await page.getByTestId('settings-tab-services').focus();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/demo-salon\/admin\/settings\/services\?locale=en$/);
        await expect(page.getByTestId('settings-tab-services')).toHaveAttribute('aria-current', 'page');
        const cuts = page.getByRole('region', { name: 'Coupes' });
        await expect(cuts.getByTestId('catalogue-service').first()).toContainText('Coupe femme');
        await cuts.getByRole('button', { name: 'Add a service to Coupes' }).press('Enter');
        const added = cuts.getByTestId('catalogue-service').last();
        await expect(added.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
        await page.keyboard.type(serviceName);
        await page.keyboard.press('Tab');
        await expect(added.getByRole('textbox', { name: 'Name shown to customers' })).toBeFocused();
        await page.keyboard.type(serviceName);
        await page.keyboard.press('Tab');
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type('25');
        await page.keyboard.press('Tab');
        await expect(added.getByRole('textbox', { name: 'Price (€)' })).toBeFocused();
        await page.keyboard.type('18,50');
        // Inès performs it: the booking pages offer a service only when a calendar does.
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await expect(added.getByRole('checkbox', { name: 'Inès Benali' })).toBeFocused();
        await page.keyboard.press('Space');
        await expect(added.getByRole('checkbox', { name: 'Inès Benali' })).toBeChecked();
        await expect(added.getByRole('group').first()).toHaveAccessibleName(new RegExp(`^${serviceName}`));
        await page.keyboard.press('Enter');

        const saved = page.getByTestId('settings-saved');
        await expect(saved).toContainText(`Saved as version ${before.version + 1}.`);
        await expect(page.getByTestId('settings-saved-title')).toBeFocused();
        const changes = saved.getByTestId('settings-change');
        await expect(changes.filter({ hasText: serviceName })).toContainText('Added');
        await expect(changes.filter({ hasText: 'calendars[ines].interventions' })).toHaveCount(1);
        await shot(page, 'admin-settings-services-saved');
        expect(await publicServiceNames(request, salon)).toContain(serviceName);

        // The visitor's booking page lists it, with its price and duration.
        const visitor = await browser.newPage();
        await visitor.goto('/demo-salon/book/intervention_ids?locale=en');
        await visitor.getByRole('button', { name: /^Haircuts/ }).click();
        await expect(visitor.getByText(serviceName)).toBeVisible();
        await shot(visitor, 'admin-settings-services-booking-page');
        await visitor.close();

        // ---- Opening hours: Inès's Saturday afternoon ends at 18:00 instead of 17:00.
        const slotsBefore = await slotTimes(request, salon, patine, ines, saturday);
        expect(slotsBefore.filter((time) => time >= '17:00')).toEqual([]);
        await page.getByTestId('settings-tab-hours').click();
        await expect(page).toHaveURL(/\/admin\/settings\/hours\?locale=en$/);
        const inesHours = page.getByRole('region', { name: 'Inès Benali' });
        const saturdayRow = inesHours.locator('[data-testid="hours-day"][data-day="sat"]');
        await expect(saturdayRow.getByTestId('hours-range')).toHaveCount(2);
        const end = saturdayRow.getByLabel('To (Saturday, range 2)', { exact: true });
        await expect(end).toHaveValue('17:00');

        // The browser refuses an end before the start, on its field.
        await end.fill('13:00');
        await page.getByTestId('settings-save').click();
        await expect(page.getByTestId('settings-error')).toContainText('Some entries need correcting');
        await expect(end).toBeFocused();
        await expect(end).toHaveAttribute('aria-invalid', 'true');
        await expect(saturdayRow.getByTestId('hours-error')).toHaveText(
          'The end must come after the start (00:00 ends the day at midnight).',
        );
        await end.fill('18:00');
        await expect(saturdayRow.getByTestId('hours-error')).toHaveCount(0);
        await page.getByTestId('settings-save').click();
        await expect(saved).toContainText(`Saved as version ${before.version + 2}.`);
        await expect(saved.getByTestId('settings-change')).toContainText('calendars[ines].weekly.sat');
        await shot(page, 'admin-settings-hours-saved');

        const slotsAfter = await slotTimes(request, salon, patine, ines, saturday);
        expect(slotsAfter).toContain('17:00');
        expect(slotsAfter).toContain('17:30');

        // ---- The history: the version before both saves restored.
        await page.getByTestId('settings-tab-history').click();
        const previous = page.locator(`[data-testid="settings-version"][data-version="${before.version}"]`);
        await previous.click();
        const diff = page.getByTestId('settings-diff');
        await expect(diff.getByTestId('settings-change')).not.toHaveCount(0);
        await diff.getByTestId('settings-restore').click();
        const dialog = page.getByRole('alertdialog');
        await dialog.getByTestId('settings-restore-confirm').click();
        await expect(page.getByTestId('settings-history-status')).toHaveText(
          `Version ${before.version} restored: the configuration is now version ${before.version + 3}.`,
        );
        expect(await publicServiceNames(request, salon)).not.toContain(serviceName);
        expect(
          (await slotTimes(request, salon, patine, ines, saturday)).filter((time) => time >= '17:00'),
        ).toEqual([]);
      } finally {
        // Whatever happened above, the configuration goes back to the version before.
        await restoreVersion(page, before.version);
      }
    });
  });

  test('both sub-views pass axe at 1280 and 768 and fit at 390; a service in a pack cannot be removed', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openAdminAs(page, OWNER, '/demo-salon/admin/settings/services?locale=en');
    await expect(page.getByTestId('catalogue-form')).toBeVisible();
    const cut = page.getByRole('group', { name: 'Coupe femme' });
    await expect(cut.getByRole('textbox', { name: 'Price (€)' })).toHaveValue('52');
    await expect(cut.getByRole('textbox', { name: 'Duration (minutes)' })).toHaveValue('60');
    const remove = cut.getByRole('button', { name: 'Remove Coupe femme' });
    await expect(remove).toHaveAttribute('aria-disabled', 'true');
    await expect(remove).toHaveAccessibleDescription(/Cannot be removed: used by .*Rituel Éclat/);
    await checkLayouts(page, 'settings services');

    await page.getByTestId('settings-tab-hours').click();
    await expect(page.getByTestId('hours-form')).toBeVisible();
    await expect(page.getByTestId('hours-calendar')).not.toHaveCount(0);
    // A range added by keyboard gets the focus and can be removed again, nothing saved.
    const monday = page.getByRole('region', { name: 'Hugo Perrin' }).locator('[data-day="mon"]');
    await expect(monday).toContainText('Closed');
    await monday.getByTestId('hours-add').press('Enter');
    await expect(monday.getByTestId('hours-from')).toBeFocused();
    await checkLayouts(page, 'settings hours');
    await monday.getByTestId('hours-remove').press('Enter');
    await expect(monday.getByTestId('hours-add')).toBeFocused();
    await expect(monday).toContainText('Closed');
  });
});
