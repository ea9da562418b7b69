/**
 * The owner's contact form fields (docs/group-configuration.md "`forms`", edited in
 * docs/back-office.md "Settings"): by keyboard the owner adds an appointment field "Hair length"
 * whose name follows its label, makes it choice buttons with two choices, is refused a choice value
 * given twice with the message on that value and nothing sent, moves the field to the top of its
 * list, saves, and the booking page's contact step asks it at once; then the version before comes
 * back. The writes hold the configuration lock. Axe at 1280 and 768 and no overflow at 390 with a
 * drop-down's choices on screen.
 */
import type { Page } from '@playwright/test';
import { WRITES_CONFIGURATION, withConfigurationLock } from '../support/configuration-lock.ts';
import { expect, test } from '../support/fixtures.ts';
import { shot } from './account-support.ts';
import {
  checkLayouts,
  configurationCall,
  LEONIE,
  OWNER,
  restoreVersion,
  WOMENS_CUT,
} from './admin-support.ts';
import { dayAhead, firstDayOfSlots, groupOf } from './booking-helpers.ts';

/** As logInToAdmin, with room for a busy machine: the back office's code loads lazily. */
async function logInAsOwner(page: Page) {
  await page.goto('/demo-salon/admin?locale=en');
  await expect(page).toHaveURL(/\/demo-salon\/login\?locale=en$/, { timeout: 60_000 });
  await page.getByTestId('login-email').fill(OWNER.email);
  await page.getByTestId('login-password').fill(OWNER.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/demo-salon\/admin\?locale=en$/, { timeout: 60_000 });
}

interface Configuration {
  version: number;
  document: { forms: { vevent: { name: string }[] } };
}

test.describe('back office: the contact form fields', () => {
  test('the owner adds choice buttons to each appointment by keyboard; the contact step asks them at once', {
    tag: WRITES_CONFIGURATION,
  }, async ({ page, request, browser }) => {
    test.setTimeout(180_000);
    const salon = await groupOf(request, 'demo-salon');
    const { day, slots } = await firstDayOfSlots(request, salon.id, {
      start: dayAhead(6),
      appointments: [{ intervention_id: WOMENS_CUT }],
      calendar_id: LEONIE,
    });
    const contactStep = `/demo-salon?${new URLSearchParams({
      interventionset_extern_ids: 'coupes',
      intervention_extern_ids: 'coupe-femme',
      calendar_extern_id: 'leonie',
      date: day,
      slots: `${day} ${slots.at(-1)?.time}:00`,
      locale: 'en',
    })}`;

    await logInAsOwner(page);
    await withConfigurationLock(async () => {
      const before = await configurationCall<Configuration>(page, 'GET');
      try {
        await page.goto('/demo-salon/admin/settings/form?locale=en');
        await expect(page.getByTestId('settings-tab-form')).toHaveAttribute('aria-current', 'page');
        const record = page.getByTestId('form-list-fiche');
        const appointment = page.getByTestId('form-list-vevent');
        await expect(record.getByTestId('form-field')).toHaveCount(4);
        await expect(appointment.getByTestId('form-field')).toHaveCount(1);
        await expect(record.getByRole('textbox', { name: 'Name (key)' }).first()).toHaveAccessibleDescription(
          'A standard field of the record: keep this name.',
        );

        // A new field: the focus goes to its label, and its name follows what is typed.
        await page.getByRole('button', { name: 'Add an appointment field' }).press('Enter');
        const added = appointment.getByTestId('form-field').last();
        await expect(added.getByRole('textbox', { name: 'Label' })).toBeFocused();
        await page.keyboard.type('Hair length');
        await expect(added.getByRole('textbox', { name: 'Name (key)' })).toHaveValue('hair_length');
        await expect(added.getByRole('textbox', { name: 'Minimum length' })).toBeVisible();
        await added.getByRole('combobox', { name: 'Type' }).selectOption('radio');
        // A list's options only: no lengths now, one empty choice to fill, "Other" offered.
        await expect(added.getByRole('textbox', { name: 'Minimum length' })).toHaveCount(0);
        await expect(added.getByRole('checkbox', { name: 'Add “Other” with a free answer' })).toBeVisible();
        await added.getByRole('textbox', { name: 'Choice 1: label' }).fill('Short');
        await added.getByRole('textbox', { name: 'Choice 1: value' }).fill('short');
        await added.getByRole('button', { name: 'Add a choice' }).press('Enter');
        await expect(added.getByRole('textbox', { name: 'Choice 2: label' })).toBeFocused();
        await page.keyboard.type('Long');
        await page.keyboard.press('Tab');
        await page.keyboard.type('short');

        // The same value twice: refused on that value, nothing sent.
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('settings-error')).toContainText('Some entries need correcting');
        const second = added.getByRole('textbox', { name: 'Choice 2: value' });
        await expect(second).toBeFocused();
        await expect(second).toHaveAttribute('aria-invalid', 'true');
        await expect(second).toHaveAccessibleDescription('Another choice has this value.');
        await shot(page, 'admin-settings-form-refused');
        expect((await configurationCall<Configuration>(page, 'GET')).version).toBe(before.version);

        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type('long');
        await expect(second).not.toHaveAttribute('aria-invalid');
        // Moved to the top by keyboard: the focus stays on the button that moved it.
        const up = added.getByRole('button', { name: 'Move “Hair length” up' });
        await up.press('Enter');
        await expect(appointment.getByTestId('form-field').first()).toHaveAttribute(
          'data-field',
          'hair_length',
        );
        await expect(page.getByRole('button', { name: 'Move “Hair length” up' })).toBeFocused();

        await page.getByTestId('settings-save').press('Enter');
        const saved = page.getByTestId('settings-saved');
        await expect(saved).toContainText(`Saved as version ${before.version + 1}.`);
        await expect(page.getByTestId('settings-saved-title')).toBeFocused();
        await expect(saved.getByTestId('settings-change').first()).toContainText('forms.vevent');
        const now = await configurationCall<Configuration>(page, 'GET');
        expect(now.document.forms.vevent.map((field) => field.name)).toEqual(['hair_length', 'first_visit']);
        expect(now.document.forms.vevent[0]).toMatchObject({
          type: 'radio',
          label: 'Hair length',
          choices: [
            { value: 'short', label: 'Short' },
            { value: 'long', label: 'Long' },
          ],
        });

        // The public contact step asks it, before the salon's own question.
        const visitor = await browser.newPage();
        await visitor.setViewportSize({ width: 1280, height: 900 });
        await visitor.goto(contactStep);
        await expect(visitor).toHaveURL(/\/demo-salon\/book\/fiche_info\?/, { timeout: 30_000 });
        const question = visitor.getByRole('group', { name: 'Hair length' });
        await expect(question.getByRole('radio', { name: 'Short' })).toBeVisible();
        await expect(question.getByRole('radio', { name: 'Long' })).toBeVisible();
        await shot(visitor, 'admin-settings-form-contact-step');
        await visitor.close();
      } finally {
        await restoreVersion(page, before.version);
      }
    });
  });

  test('the tab passes axe at 1280 and 768 and fits at 390 with a list’s choices; nothing saved', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await logInAsOwner(page);
    await page.goto('/demo-salon/admin/settings/form?locale=en');
    await expect(page.getByTestId('form-fields-form')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Add a record field' }).click();
    const added = page.getByTestId('form-list-fiche').getByTestId('form-field').last();
    await added.getByRole('textbox', { name: 'Label' }).fill('Preferred salon');
    await added.getByRole('combobox', { name: 'Type' }).selectOption('select');
    await expect(added.getByRole('checkbox', { name: 'Start with an empty choice' })).toBeVisible();
    await added.getByRole('textbox', { name: 'Choice 1: label' }).fill('Croix-Rousse');
    // Removing a choice puts the focus on the add button; the field's problem shows on save.
    await added.getByRole('button', { name: 'Remove choice 1' }).press('Enter');
    await expect(added.getByRole('button', { name: 'Add a choice' })).toBeFocused();
    await page.getByTestId('settings-save').click();
    await expect(added.getByTestId('form-choices-error')).toHaveText('Add at least one choice.');
    await added.getByRole('button', { name: 'Add a choice' }).press('Enter');
    await page.keyboard.type('Croix-Rousse');
    await checkLayouts(page, 'settings form');
  });
});
