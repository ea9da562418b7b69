/**
 * The owner's reminders (docs/group-configuration.md "Reminders to customers (`reminders`)", edited
 * in docs/back-office.md "Settings"): the salon starts with the defaults — the day before and two
 * hours before, by e-mail; by keyboard the owner adds a third lead time and takes it away again,
 * makes the second one hour, switches from e-mail to text messages, saves, and after a reload sees
 * 1 day + 1 hour by text only, as the configuration API does; then the version before comes back.
 * Axe at 1280 and 768, no overflow at 390, a look at 360. The save holds the configuration lock.
 */
import { expectAccessible } from '../support/axe.ts';
import { WRITES_CONFIGURATION, withConfigurationLock } from '../support/configuration-lock.ts';
import { expect, test } from '../support/fixtures.ts';
import { shot } from './account-support.ts';
import { checkLayouts, configurationCall, OWNER, openAdminAs, restoreVersion } from './admin-support.ts';

interface Configuration {
  version: number;
  document: { settings: { reminders?: unknown } };
}

test.describe('back office: reminders', () => {
  test('the owner sets 1 day and 1 hour by text message only, by keyboard; it stays after a reload', {
    tag: WRITES_CONFIGURATION,
  }, async ({ page }) => {
    test.setTimeout(120_000);
    await openAdminAs(page, OWNER);
    await withConfigurationLock(async () => {
      const before = await configurationCall<Configuration>(page, 'GET');
      try {
        await page.goto('/demo-salon/admin/settings/reminders?locale=en');
        await expect(page.getByTestId('settings-tab-reminders')).toHaveAttribute('aria-current', 'page');
        const first = page.getByRole('combobox', { name: 'Reminder 1' });
        const second = page.getByRole('combobox', { name: 'Reminder 2' });
        await expect(first).toHaveValue('1440');
        await expect(second).toHaveValue('120');
        await expect(second.locator('option:checked')).toHaveText('2 hours before');
        const email = page.getByRole('checkbox', { name: 'By e-mail' });
        const sms = page.getByRole('checkbox', { name: 'By text message' });
        await expect(email).toBeChecked();
        await expect(sms).not.toBeChecked();
        await expect(page.getByTestId('reminders-form')).toContainText('the day before');
        await checkLayouts(page, 'settings reminders');
        await page.setViewportSize({ width: 360, height: 800 });
        await shot(page, 'admin-settings-reminders');
        await page.setViewportSize({ width: 1280, height: 900 });

        // A third one: the longest time not taken yet, and the focus on it; then no fourth.
        const add = page.getByRole('button', { name: 'Add a reminder' });
        await add.focus();
        await page.keyboard.press('Enter');
        const third = page.getByRole('combobox', { name: 'Reminder 3' });
        await expect(third).toBeFocused();
        await expect(third).toHaveValue('10080');
        await expect(add).toHaveAttribute('aria-disabled', 'true');
        await expect(add).toHaveAccessibleDescription('At most 3 reminders.');
        // Each time once: the first row no longer offers what the others use.
        await expect(first.locator('option[value="10080"]')).toHaveCount(0);
        await expect(first.locator('option[value="120"]')).toHaveCount(0);
        await expectAccessible(page, 'reminders with three');
        // …taken away again, the focus back on "Add".
        await page.getByRole('button', { name: 'Remove Reminder 3' }).press('Enter');
        await expect(third).toHaveCount(0);
        await expect(add).toBeFocused();

        // Two hours → one hour, by keyboard.
        await second.focus();
        await second.selectOption('60');
        await expect(second).toHaveValue('60');
        await email.focus();
        await page.keyboard.press('Space');
        await sms.focus();
        await page.keyboard.press('Space');
        await expect(email).not.toBeChecked();
        await expect(sms).toBeChecked();

        await page.getByTestId('settings-save').press('Enter');
        const saved = page.getByTestId('settings-saved');
        await expect(saved).toContainText(`Saved as version ${before.version + 1}.`);
        await expect(page.getByTestId('settings-saved-title')).toBeFocused();
        await expect(saved.getByTestId('settings-change').first()).toContainText('settings.reminders');
        await shot(page, 'admin-settings-reminders-saved');

        const after = await configurationCall<Configuration>(page, 'GET');
        expect(after.document.settings.reminders).toEqual({
          lead_minutes: [1440, 60],
          email: false,
          sms: true,
        });

        await page.reload();
        await expect(page.getByRole('combobox', { name: 'Reminder 1' })).toHaveValue('1440');
        await expect(page.getByRole('combobox', { name: 'Reminder 2' })).toHaveValue('60');
        await expect(page.getByRole('combobox', { name: 'Reminder 2' }).locator('option:checked')).toHaveText(
          '1 hour before',
        );
        await expect(page.getByTestId('reminders-form').getByRole('combobox')).toHaveCount(2);
        await expect(page.getByRole('checkbox', { name: 'By e-mail' })).not.toBeChecked();
        await expect(page.getByRole('checkbox', { name: 'By text message' })).toBeChecked();
      } finally {
        await restoreVersion(page, before.version);
      }
    });
  });
});
