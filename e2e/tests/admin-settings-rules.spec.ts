/**
 * The owner's booking rules and booking steps (docs/group-configuration.md "Booking rules
 * (`rules`)" and "The booking sequence", edited in docs/back-office.md "Settings"): by keyboard the
 * owner types a horizon the browser refuses on its field, then shortens the salon's booking horizon
 * from 120 to 100 days, and the public slots API refuses a day 100–120 days ahead at once; turns on
 * "pick the only choice" on the staff step, and the booking page of a service only Léonie performs
 * goes straight past that step; then the configuration goes back to the version before. Days that
 * far ahead and the chignon are used by no other test; the writes hold the configuration lock. Axe
 * at 1280 and 768 and no overflow at 390 on both tabs.
 */
import { WRITES_CONFIGURATION, withConfigurationLock } from '../support/configuration-lock.ts';
import { expect, test } from '../support/fixtures.ts';
import { API_KEY, groupId, shot } from './account-support.ts';
import {
  checkLayouts,
  configurationCall,
  LEONIE,
  leonieCutStarts,
  leonieDay,
  OWNER,
  openAdminAs,
  restoreVersion,
  WOMENS_CUT,
} from './admin-support.ts';

interface Configuration {
  version: number;
}

test.describe('back office: booking rules and steps', () => {
  test('the owner shortens the horizon and skips single choices by keyboard; the public pages follow at once', {
    tag: WRITES_CONFIGURATION,
  }, async ({ page, request, browser }) => {
    test.setTimeout(180_000);
    const salon = await groupId(request, 'demo-salon');
    await openAdminAs(page, OWNER);
    await withConfigurationLock(async () => {
      // A day of Léonie's between 102 and 118 days ahead with public times: inside the salon's
      // 120-day horizon (later days are refused outright), outside the 100 days the test sets.
      // Looked for under the lock: another settings test may close those months for a while.
      const { day, starts } = await leonieDay(request, salon, 102, (found) => found.length > 0, 17);
      expect(day, 'a day of Léonie with times 102 days ahead or later').not.toBe('');
      expect(starts.length).toBeGreaterThan(0);
      const before = await configurationCall<Configuration>(page, 'GET');
      try {
        // ---- Booking rules: the horizon, in days.
        await page.goto('/demo-salon/admin/settings/rules?locale=en');
        await expect(page.getByTestId('settings-tab-rules')).toHaveAttribute('aria-current', 'page');
        const horizon = page.getByRole('textbox', { name: 'Booking horizon' });
        await expect(horizon).toHaveValue('120');
        await expect(page.getByRole('combobox', { name: 'Booking horizon: unit' })).toHaveValue('days');
        await expect(page.getByRole('textbox', { name: 'Notice to book' })).toHaveValue('2');
        await expect(horizon).toHaveAccessibleDescription('How far ahead customers may book.');

        // Too far: refused on its field, nothing sent.
        await horizon.focus();
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type('800');
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('settings-error')).toContainText('Some entries need correcting');
        await expect(page.getByTestId('rules-horizon-error')).toHaveText(
          'Enter a duration from 1 hour to 731 days.',
        );
        await expect(horizon).toBeFocused();
        await expect(horizon).toHaveAttribute('aria-invalid', 'true');
        await shot(page, 'admin-settings-rules-refused');
        expect((await configurationCall<Configuration>(page, 'GET')).version).toBe(before.version);

        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type('100');
        await expect(page.getByTestId('rules-horizon-error')).toHaveCount(0);
        await page.keyboard.press('Enter');
        const saved = page.getByTestId('settings-saved');
        await expect(saved).toContainText(`Saved as version ${before.version + 1}.`);
        await expect(page.getByTestId('settings-saved-title')).toBeFocused();
        await expect(saved.getByTestId('settings-change')).toHaveCount(1);
        await expect(saved.getByTestId('settings-change')).toContainText('settings.maxrdv_period');
        // The public slots API now refuses the day: it is past the booking period.
        const refused = await request.get(`/api/v3/groups/${salon}/availabletimeslots`, {
          params: {
            apikey: API_KEY,
            'intervention_ids[]': WOMENS_CUT,
            calendar_id: LEONIE,
            start: day,
            nDays: 1,
          },
        });
        expect(refused.status()).toBe(400);
        expect(await refused.text()).toContain('after the booking period (100 days ahead)');

        // ---- Booking steps: the chignon, which only Léonie does, asks for its stylist…
        const visitor = await browser.newPage();
        await visitor.goto('/demo-salon?intervention_extern_ids=chignon&locale=en');
        await expect(visitor).toHaveURL(/\/demo-salon\/book\/calendar_id\?/);
        await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();

        await page.getByTestId('settings-tab-sequence').press('Enter');
        await expect(page).toHaveURL(/\/admin\/settings\/sequence\?locale=en$/);
        const staff = page.locator('[data-testid="sequence-step"][data-step="calendar_id"]');
        await expect(staff.getByRole('checkbox', { name: 'Offer “No preference”' })).toBeChecked();
        const skip = staff.getByRole('checkbox', { name: 'Pick the only choice' });
        await expect(skip).not.toBeChecked();
        await skip.focus();
        await page.keyboard.press('Space');
        await expect(skip).toBeChecked();
        await page.getByTestId('settings-save').press('Enter');
        await expect(saved).toContainText(`Saved as version ${before.version + 2}.`);
        await expect(saved.getByTestId('settings-change')).toContainText(
          'settings.user_sequence_config[2].skip_uniq_choice',
        );
        await shot(page, 'admin-settings-sequence-saved');

        // … and now goes straight to the times.
        await visitor.goto('/demo-salon?intervention_extern_ids=chignon&locale=en');
        await expect(visitor).toHaveURL(/\/demo-salon\/book\/slots\?/);
        await visitor.close();
      } finally {
        await restoreVersion(page, before.version);
      }
      expect((await leonieCutStarts(request, salon, day)).length).toBeGreaterThan(0);
    });
  });

  test('both tabs pass axe at 1280 and 768 and fit at 390; steps move by keyboard, nothing saved', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openAdminAs(page, OWNER, '/demo-salon/admin/settings/rules?locale=en');
    await expect(page.getByTestId('rules-form')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Open to everyone' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Upcoming appointments per customer' })).toHaveValue('4');
    await checkLayouts(page, 'settings rules');

    await page.getByTestId('settings-tab-sequence').click();
    await expect(page.getByTestId('sequence-form')).toBeVisible();
    const steps = page.getByTestId('sequence-step');
    await expect(steps.first()).toHaveAttribute('data-step', 'interventionset_ids');
    await expect(page.getByRole('textbox', { name: 'Services per booking' })).toHaveValue('3');
    await expect(page.getByTestId('sequence-languages')).toHaveText(
      'French, English, German, Spanish, and Italian',
    );
    await checkLayouts(page, 'settings sequence');
    // The services step moved up by keyboard keeps the focus on its button; the other way puts it back.
    const services = page.locator('[data-testid="sequence-step"][data-step="intervention_ids"]');
    await services.getByRole('button', { name: 'Move Services up' }).press('Enter');
    await expect(steps.first()).toHaveAttribute('data-step', 'intervention_ids');
    await expect(page.getByRole('button', { name: 'Move Services up' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Move Services down' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(steps.nth(1)).toHaveAttribute('data-step', 'intervention_ids');
    await expect(page.getByRole('checkbox', { name: 'Show the step “Services”' })).toBeDisabled();
  });
});
