/**
 * Scheduled release (docs/group-configuration.md "Scheduled release", docs/booking-flow.md
 * § Slots): the demo salon is set, through the configuration API and under the configuration lock,
 * to open three months ahead on the 28th at 09:00. The slot list stops at the last released date
 * and says when the next month opens; the slots step, shown from a few days before that date,
 * stops "next" there and says "Appointments for <month> open on <date> at <time>" in English and
 * French; the back-office rules form shows the release and saves a change by keyboard. The
 * configuration then goes back to the version before. Axe on the slots page at 1280 and 360 and on
 * the form. Three months ahead always ends the bookable period within the salon's 120-day horizon.
 */
import { WRITES_CONFIGURATION, withConfigurationLock } from '../support/configuration-lock.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  checkLayouts,
  configurationCall,
  LEONIE,
  OWNER,
  openAdminAs,
  restoreVersion,
  WOMENS_CUT,
} from './admin-support.ts';
import { checkPage, groupOf, KEY, slotQuery } from './booking-helpers.ts';

interface Configuration {
  version: number;
  document: { settings: { rules: Record<string, unknown> } };
}

interface Release {
  bookable_until: string;
  next_release_at: string;
  next_bookable_until: string;
}

const RELEASE = { day_of_month: 28, time: '09:00', months_ahead: 3 };
const LOADED = { timeout: 45_000 };

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('a salon that opens its months on a schedule: the slots stop at the released date and say when the next opens', {
  tag: WRITES_CONFIGURATION,
}, async ({ page, request }) => {
  test.setTimeout(180_000);
  const salon = await groupOf(request, 'demo-salon');
  const list = async (start: string) => {
    const response = await request.get(
      `/api/v3/groups/${salon.id}/availabletimeslots?${KEY}&${slotQuery({
        start,
        appointments: [{ intervention_id: WOMENS_CUT }],
        calendar_id: LEONIE,
      })}`,
    );
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as { availabletimeslots: { start: string }[]; release: Release | null };
  };

  await openAdminAs(page, OWNER);
  await withConfigurationLock(async () => {
    const before = await configurationCall<Configuration>(page, 'GET');
    try {
      const document = structuredClone(before.document);
      document.settings.rules.release = RELEASE;
      await configurationCall(page, 'PUT', '', { document, based_on: before.version });

      // ---- The API: nothing after the released date, and when the next month opens.
      const today = await list(new Date().toISOString().slice(0, 10));
      const release = today.release!;
      expect(release).toMatchObject({
        bookable_until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        next_release_at: expect.stringMatching(/^\d{4}-\d{2}-28T09:00:00\+0[12]:00$/),
      });
      expect((await list(addDays(release.bookable_until, 1))).availabletimeslots).toEqual([]);

      // ---- The slots step from a few days before the end of the released dates.
      const from = addDays(release.bookable_until, -3);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(
        `/demo-salon?intervention_ids=${WOMENS_CUT}&calendar_id=${LEONIE}&date=${from}&locale=en`,
      );
      const note = page.getByTestId('slots-release');
      await expect(note).toBeVisible(LOADED);
      const month = new Intl.DateTimeFormat('en-GB', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${release.next_bookable_until}T12:00:00Z`));
      const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(
        new Date(release.next_release_at),
      );
      await expect(note).toHaveText(`Appointments for ${month} open on ${date} at 09:00.`);
      // Next would go past the released dates.
      await expect(page.getByTestId('slots-next')).toBeDisabled();
      await checkPage(page, 'slots-release');
      await page.setViewportSize({ width: 360, height: 780 });
      await expect(note).toBeVisible();
      await checkPage(page, 'slots-release');

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(
        `/demo-salon?intervention_ids=${WOMENS_CUT}&calendar_id=${LEONIE}&date=${from}&locale=fr`,
      );
      await expect(page.getByTestId('slots-release')).toHaveText(
        /^Les rendez-vous de .+ 2\d{3} ouvrent le .+ à 09:00\.$/,
        LOADED,
      );

      // ---- The back office shows the release; months ahead changed by keyboard and saved.
      await page.goto('/demo-salon/admin/settings/rules?locale=en');
      const section = page.getByTestId('rules-release-section');
      const on = section.getByRole('checkbox', { name: 'Open months on a schedule' });
      await expect(on).toBeChecked(LOADED);
      await expect(section.getByRole('combobox', { name: 'Day of the month' })).toHaveValue('28');
      await expect(section.getByLabel('Time', { exact: true })).toHaveValue('09:00');
      const months = section.getByRole('combobox', { name: 'Months ahead' });
      await expect(months).toHaveValue('3');
      await expect(months).toHaveAccessibleDescription(
        'Which month opens: 1 opens next month, 2 the month after.',
      );
      await checkLayouts(page, 'settings rules release');
      await months.focus();
      await page.keyboard.press('ArrowUp');
      await expect(months).toHaveValue('2');
      await page.getByTestId('settings-save').press('Enter');
      const saved = page.getByTestId('settings-saved');
      await expect(saved).toContainText(`Saved as version ${before.version + 2}.`);
      await expect(saved.getByTestId('settings-change')).toContainText('settings.rules.release.months_ahead');
      expect(
        (await list(new Date().toISOString().slice(0, 10))).release!.bookable_until < release.bookable_until,
      ).toBe(true);
    } finally {
      await restoreVersion(page, before.version);
    }
  });
  expect((await list(new Date().toISOString().slice(0, 10))).release).toBeNull();
});
