/**
 * The owner's settings (docs/group-configuration.md "While the server runs, and versions"): the
 * owner changes the business's phone, then its name, by keyboard, sees each change and the version
 * it made, finds the new values in the public group answer, then restores the version before from
 * the history and the old name is back; invalid values come back on their fields and a stale save
 * offers a reload; a manager is not offered the section and is sent to the agenda; axe at 1280 and
 * 768 px and no overflow at 390 on both sub-views. The one test that saves puts the demo salon's
 * name and phone back, whatever happens.
 */
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { WRITES_CONFIGURATION, withConfigurationLock } from '../support/configuration-lock.ts';
import { expect, test } from '../support/fixtures.ts';
import { apiGet, shot } from './account-support.ts';
import {
  checkLayouts,
  configurationCall,
  logInToAdmin,
  MANAGER,
  OWNER,
  openAdminAs,
} from './admin-support.ts';

interface Configuration {
  version: number;
  document: { name: string; settings: { phone: string | null } } & Record<string, unknown>;
}

async function publicGroup(request: APIRequestContext) {
  return apiGet<Record<string, unknown>>(request, '/v3/services/groups/demo-salon.json');
}

test.describe('back office: settings', () => {
  test('the owner changes phone and name by keyboard, then restores the version before', {
    tag: WRITES_CONFIGURATION,
  }, async ({ page, request }) => {
    // Other tests save the configuration too: one writer at a time (its version numbers count).
    test.setTimeout(240_000);
    await withConfigurationLock(async () => {
      await openAdminAs(page, OWNER);
      const before = await configurationCall<Configuration>(page, 'GET');
      const original = { name: before.document.name, phone: before.document.settings.phone };
      const stamp = Date.now().toString().slice(-6);
      const phone = `+33 4 72 ${stamp.slice(0, 2)} ${stamp.slice(2, 4)} ${stamp.slice(4)}`;
      const name = `Atelier Capucine ${stamp}`;
      // The phone goes in one version and the name in the next; restoring the first takes the name
      // back (absences other tests add meanwhile are not configuration and stay).
      const phoneVersion = before.version + 1;
      const nameVersion = before.version + 2;
      try {
        await page.getByTestId('admin-nav-settings').focus();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/demo-salon\/admin\/settings\?locale=en$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
        await expect(page.getByTestId('settings-tab-details')).toHaveAttribute('aria-current', 'page');

        const nameField = page.getByRole('textbox', { name: 'Business name' });
        const phoneField = page.getByRole('textbox', { name: 'Phone' });
        await expect(nameField).toHaveValue(original.name);
        await nameField.focus();
        await page.keyboard.press('Tab');
        await expect(phoneField).toBeFocused();
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type(phone);
        await page.keyboard.press('Enter');

        const saved = page.getByTestId('settings-saved');
        await expect(saved).toContainText(`Saved as version ${phoneVersion}.`);
        await expect(page.getByTestId('settings-saved-title')).toBeFocused();
        const changes = saved.getByTestId('settings-change');
        await expect(changes).toHaveCount(1);
        await expect(changes).toContainText('Phone');
        await expect(changes).toContainText(`settings.phone`);
        await expect(changes).toContainText(`Before: ${original.phone}→After: ${phone}`);
        expect(JSON.stringify(await publicGroup(request))).toContain(phone);

        await nameField.focus();
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type(name);
        await page.keyboard.press('Enter');
        await expect(saved).toContainText(`Saved as version ${nameVersion}.`);
        await expect(changes).toHaveCount(1);
        await expect(changes).toContainText(`Business name`);
        await expect(changes).toContainText(`Before: ${original.name}→After: ${name}`);
        await shot(page, 'admin-settings-saved');
        expect((await publicGroup(request)).name).toBe(name);

        // The history: the new version on top, the one before restored.
        await page.getByTestId('settings-tab-history').focus();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/admin\/settings\/history\?locale=en$/);
        const versions = page.getByTestId('settings-version');
        await expect(versions.first()).toContainText(`Version ${nameVersion}`);
        await expect(versions.first()).toContainText('Current');
        await expect(versions.first()).toContainText('Saved in the back office');
        await expect(versions.first()).toContainText('by ');
        const previous = page.locator(`[data-testid="settings-version"][data-version="${phoneVersion}"]`);
        await previous.focus();
        await page.keyboard.press('Enter');
        await expect(previous).toHaveAttribute('aria-pressed', 'true');
        const diff = page.getByTestId('settings-diff');
        await expect(diff.getByRole('heading', { level: 2 })).toBeFocused();
        await expect(diff.getByTestId('settings-change')).toHaveCount(1);
        await expect(diff.getByTestId('settings-change')).toContainText(
          `Before: ${original.name}→After: ${name}`,
        );
        await shot(page, 'admin-settings-diff');

        await diff.getByTestId('settings-restore').focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('alertdialog');
        await expect(dialog).toContainText(`Restore version ${phoneVersion}?`);
        await expect(dialog).toContainText('Absences and closures made in the back office stay as they are.');
        await expectAccessible(page, 'restore dialog');
        await shot(page, 'admin-settings-restore-dialog');
        await dialog.getByTestId('settings-restore-confirm').press('Enter');
        await expect(dialog).toBeHidden();
        await expect(page.getByTestId('settings-history-status')).toHaveText(
          `Version ${phoneVersion} restored: the configuration is now version ${nameVersion + 1}.`,
        );
        await expect(page.getByTestId('settings-history-status')).toBeFocused();
        await expect(versions.first()).toContainText(`Restored from version ${phoneVersion}`);

        expect((await publicGroup(request)).name).toBe(original.name);
        await page.getByTestId('settings-tab-details').click();
        await expect(nameField).toHaveValue(original.name);
        await expect(phoneField).toHaveValue(phone);
      } finally {
        // Whatever happened above, the demo salon gets its name and phone back (a save, not a
        // restore, so nothing else of the demo data is touched).
        const now = await configurationCall<Configuration>(page, 'GET');
        if (now.document.name !== original.name || now.document.settings.phone !== original.phone) {
          const document = {
            ...now.document,
            name: original.name,
            settings: { ...now.document.settings, phone: original.phone },
          };
          await configurationCall(page, 'PUT', '', { document });
        }
      }
      const after = await publicGroup(request);
      expect(after.name).toBe(original.name);
      expect(JSON.stringify(after)).not.toContain(phone);
    });
  });

  test('invalid values show on their fields, the first one focused; a name is required', async ({ page }) => {
    await openAdminAs(page, OWNER, '/demo-salon/admin/settings?locale=en');
    const name = page.getByRole('textbox', { name: 'Business name' });
    await expect(name).not.toHaveValue('');

    await name.fill('');
    await page.getByTestId('settings-save').click();
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('settings-name-error')).toHaveText(
      'Enter the business name (up to 255 characters).',
    );
    await name.fill('Atelier Capucine');

    const phone = page.getByRole('textbox', { name: 'Phone' });
    const mail = page.getByRole('textbox', { name: 'Contact email' });
    await phone.fill('0'.repeat(40));
    await mail.fill('not-an-address');
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('settings-error')).toContainText('Some details need correcting');
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription('Enter a phone number of up to 32 characters.');
    await expect(page.getByTestId('settings-mail-error')).toHaveText(
      'Enter a valid email address, such as hello@example.com.',
    );
    await expect(page.getByTestId('settings-saved')).toBeEmpty();
    await checkLayouts(page, 'settings details errors');

    // Correcting a field clears its error.
    await phone.fill('+33 4 99 99 99 99');
    await expect(page.getByTestId('settings-phone-error')).toHaveCount(0);
    await mail.fill('bonjour@atelier-capucine.example');

    // Someone saved meanwhile: the server refuses the stale save (409), the form offers a reload,
    // which brings back the server's values. The refusal is played here so the demo data stays.
    await page.route('**/api/v3/admin/groups/*/configuration?*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'configurationChanged', version: 99 }),
          })
        : route.fallback(),
    );
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('settings-error')).toContainText(
      'Someone else saved the configuration after you opened it.',
    );
    await page.getByTestId('settings-reload').click();
    await expect(page.getByTestId('settings-error')).toHaveCount(0);
    await expect(phone).not.toHaveValue('+33 4 99 99 99 99');
  });

  test('both sub-views pass axe at 1280 and 768 and fit at 390', async ({ page }) => {
    await openAdminAs(page, OWNER, '/demo-salon/admin/settings?locale=en');
    await expect(page.getByTestId('settings-form')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Paris');
    await expect(page.getByRole('combobox', { name: 'Main language' })).toHaveValue('fr');
    await expect(page.getByRole('checkbox', { name: 'French' })).toBeDisabled();
    await checkLayouts(page, 'settings details');

    await page.getByTestId('settings-tab-history').click();
    const versions = page.getByTestId('settings-version');
    await expect(versions.first()).toContainText('Current');
    await versions.last().click();
    await expect(page.getByTestId('settings-diff')).toBeVisible();
    await checkLayouts(page, 'settings history');
  });

  test('a manager is not offered the settings and is sent to the agenda', async ({ page }) => {
    await logInToAdmin(page, MANAGER);
    await expect(page.getByTestId('admin-nav')).toBeVisible();
    await expect(page.getByTestId('admin-nav-settings')).toHaveCount(0);
    await page.goto('/demo-salon/admin/settings?locale=en');
    await expect(page).toHaveURL(/\/demo-salon\/admin\?locale=en$/);
    await expect(page.getByTestId('settings-screen')).toHaveCount(0);
  });
});
