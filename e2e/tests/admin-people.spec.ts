/**
 * The back office's customers and staff screens (docs/back-office.md "Customers", "Staff"): the
 * owner finds a customer by part of the last name and by phone, opens the file, downloads the copy
 * of the data and erases a person on request (by keyboard); a staff member reads files but is not
 * offered the export, the erasure or the staff; a manager reads the staff without changing it; the
 * owner sees the staff, is refused demoting the business's last owner, and changes a role and
 * restores it. axe at 1280 and 768 px, no page
 * overflow at 390. Every customer is booked through the public API first, so each test owns its
 * data; the one role change is undone in the same test, whatever happens.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { bookFirstFree, groupId, shot, uniqueEmail, uniquePhone } from './account-support.ts';
import { checkLayouts, LEONIE, logInToAdmin, MANAGER, OWNER, openAdminAs, STAFF } from './admin-support.ts';

const MANAGER_EMAIL = MANAGER.email;

interface TestCustomer {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  appointmentId: number;
}

/** A customer of the salon with one upcoming appointment on Léonie's calendar. */
async function bookCustomer(request: APIRequestContext, tag: string): Promise<TestCustomer> {
  const salon = await groupId(request, 'demo-salon');
  const lastname = `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const customer = {
    firstname: 'Apolline',
    lastname,
    email: uniqueEmail(tag.toLowerCase()),
    phone: uniquePhone(),
  };
  const booked = await bookFirstFree(
    request,
    salon,
    { 'intervention_ids[]': 35, calendar_id: LEONIE },
    {
      intervention_ids: [35],
      calendar_id: LEONIE,
      fiche: {
        firstname: customer.firstname,
        lastname: customer.lastname,
        email: customer.email,
        firstphone: customer.phone,
      },
    },
    { hoursAhead: 30 },
  );
  return { ...customer, appointmentId: booked.records[0]!.id };
}

async function openCustomers(page: Page) {
  await page.getByTestId('admin-nav-customers').click();
  await expect(page).toHaveURL(/\/demo-salon\/admin\/customers\?locale=en$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
}

async function search(page: Page, text: string) {
  const field = page.getByRole('searchbox', { name: 'Find a customer' });
  await field.fill(text);
}

test('the owner finds a customer by last name and by phone, and reads the file', async ({
  page,
  request,
}) => {
  const customer = await bookCustomer(request, 'Fichier');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdminAs(page, OWNER);
  await openCustomers(page);
  await expect(page.getByTestId('customer-search-empty')).toBeVisible();
  await checkLayouts(page, 'customers-empty');

  // Two letters are not enough: the page says so and asks nothing.
  await search(page, customer.lastname.slice(0, 2));
  await expect(page.getByTestId('customer-search-status')).toHaveText('Type at least 3 characters.');

  // Part of the last name, in another case: the address keeps the words.
  const part = customer.lastname.slice(3, 12).toUpperCase();
  await search(page, part);
  const rows = page.getByTestId('customer-row');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('customer-search-status')).toHaveText('1 customer found');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${part}(&|$)`));
  const row = rows.first();
  await expect(row.getByRole('link', { name: `Apolline ${customer.lastname}` })).toBeVisible();
  await expect(row).toContainText(customer.email);
  await expect(row.getByRole('definition').first()).toHaveText('1');
  await checkLayouts(page, 'customers-results');

  // By phone: the last eight digits, whatever the spaces.
  const digits = customer.phone.replace(/\D/g, '').slice(-8);
  await search(page, `${digits.slice(0, 4)}${digits.slice(4)}`);
  await expect(page.getByTestId('customer-search-status')).toHaveText('1 customer found');
  await expect(rows.first().getByRole('link')).toHaveText(`Apolline ${customer.lastname}`);

  // Nothing matching: said in words.
  await search(page, `zz${customer.lastname}zz`);
  await expect(page.getByTestId('customer-search-status')).toHaveText(
    `No customer matches “zz${customer.lastname}zz”. Check the spelling, or try their phone number or e-mail address.`,
  );
  await expect(rows).toHaveCount(0);

  // The file, opened by keyboard from the results.
  await search(page, part);
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link').press('Enter');
  await expect(page).toHaveURL(/\/demo-salon\/admin\/customers\/\d+\?/);
  await expect(page.getByRole('heading', { level: 1, name: `Apolline ${customer.lastname}` })).toBeVisible();
  await expect(page.getByTestId('customer-email')).toHaveText(customer.email);
  await expect(page.getByTestId('customer-phone').getByRole('link')).toHaveAttribute('href', /^tel:\+?\d+$/);
  const upcoming = page.getByTestId('customer-upcoming');
  const appointment = upcoming.locator(`[data-appointment-id="${customer.appointmentId}"]`);
  await expect(appointment).toBeVisible();
  await expect(appointment.getByTestId('customer-appointment-status')).toHaveText('Confirmed');
  await expect(page.getByTestId('customer-past')).toContainText('No past appointments.');
  await expect(page.getByTestId('customer-export')).toBeVisible();
  await expect(page.getByTestId('customer-erase')).toBeVisible();
  await checkLayouts(page, 'customer-file');

  // Back to the search with its words and its results.
  await page.getByTestId('customer-back').click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers\\?.*q=${part}`));
  await expect(page.getByRole('searchbox', { name: 'Find a customer' })).toHaveValue(part);
  await expect(rows).toHaveCount(1);
});

test("the export downloads a JSON file with the customer's data", async ({ page, request }) => {
  const customer = await bookCustomer(request, 'Export');
  await openAdminAs(page, OWNER);
  await openCustomers(page);
  await search(page, customer.email);
  await page.getByTestId('customer-link').click();
  await expect(page.getByRole('heading', { level: 1, name: `Apolline ${customer.lastname}` })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByTestId('customer-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^customer-\\d+-apolline-${customer.lastname.toLowerCase()}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    exported_at: string;
    records: { email: string; appointments: { id: number }[] }[];
  };
  expect(data.records.map((r) => r.email)).toContain(customer.email);
  expect(data.records.flatMap((r) => r.appointments.map((a) => a.id))).toContain(customer.appointmentId);
  await expect(page.getByTestId('export-done')).toContainText(download.suggestedFilename());
});

test('the owner erases a customer on request, by keyboard, and the customer is no longer found', async ({
  page,
  request,
}) => {
  const customer = await bookCustomer(request, 'Oubli');
  await openAdminAs(page, OWNER);
  await openCustomers(page);
  await search(page, customer.lastname);
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await page.getByTestId('customer-link').click();
  await expect(page.getByRole('heading', { level: 1, name: `Apolline ${customer.lastname}` })).toBeVisible();

  const fileAddress = page.url();
  await page.getByTestId('customer-erase').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: `Erase Apolline ${customer.lastname}'s data?` });
  await expect(dialog).toBeVisible();
  // What goes and what stays, in plain words.
  await expect(dialog).toContainText('What is erased');
  await expect(dialog).toContainText('What is kept, and why');
  await expect(dialog).toContainText('the date, service, calendar and price, with no name attached');
  await expectAccessible(page, 'the erasure dialog');
  await shot(page, 'admin-erase-dialog');

  // Erase before ticking: refused in words, the focus on the box.
  const confirm = dialog.getByTestId('erase-confirm');
  const box = dialog.getByRole('checkbox', { name: /I understand that .* will be erased for good\./ });
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText('Tick the box to confirm the erasure.');
  await expect(box).toBeFocused();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  // Tab moves on to the buttons, "keep" first, then "erase".
  await page.keyboard.press('Tab');
  await expect(dialog.getByTestId('erase-cancel')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(dialog).toHaveCount(0);
  const result = page.getByTestId('erase-result');
  await expect(result).toContainText(`Apolline ${customer.lastname}'s data has been erased.`);
  await expect(result).toContainText('Records erased: 1.');
  await expect(result).toContainText('Upcoming appointments cancelled: 1.');
  await expect(result).toBeFocused();

  // The search with the same words no longer finds the person.
  await page.getByTestId('customer-back').click();
  await expect(page.getByTestId('customer-search-status')).toHaveText(
    `No customer matches “${customer.lastname}”. Check the spelling, or try their phone number or e-mail address.`,
  );
  await expect(page.getByTestId('customer-row')).toHaveCount(0);
  // The file's address now answers that there is no such customer.
  await page.goto(fileAddress);
  await expect(page.getByRole('heading', { level: 1, name: 'Customer not found' })).toBeVisible();
  await expect(
    page.getByText('This customer does not exist in this business, or their data has been erased.'),
  ).toBeVisible();
});

test('a staff member reads a file but is offered neither export, erasure nor the staff', async ({
  page,
  request,
}) => {
  const customer = await bookCustomer(request, 'Equipe');
  await openAdminAs(page, STAFF);
  await expect(page.getByTestId('admin-nav-customers')).toBeVisible();
  await expect(page.getByTestId('admin-nav-staff')).toHaveCount(0);
  await openCustomers(page);
  await search(page, customer.lastname);
  await page.getByTestId('customer-link').click();
  await expect(page.getByRole('heading', { level: 1, name: `Apolline ${customer.lastname}` })).toBeVisible();
  await expect(page.getByTestId('customer-upcoming')).toContainText('Confirmed');
  await expect(page.getByTestId('customer-erase')).toHaveCount(0);
  await expect(page.getByTestId('customer-export')).toHaveCount(0);
  // The staff's address leads back to the agenda.
  await page.goto('/demo-salon/admin/staff?locale=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await expect(page.getByTestId('staff-list')).toHaveCount(0);
});

// The manager's own view and the owner's change of the manager's role must not overlap.
test.describe('the staff', () => {
  test.describe.configure({ mode: 'serial' });

  test('a manager reads the staff without changing it, and may export and erase', async ({
    page,
    request,
  }) => {
    const customer = await bookCustomer(request, 'Gerant');
    await logInToAdmin(page, MANAGER);
    await page.getByTestId('admin-nav-staff').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    // The demo's four, and whoever other tests invited meanwhile.
    await expect(
      page.getByTestId('staff-member').filter({ hasText: 'julien.faure@example.com' }),
    ).toHaveCount(1);
    expect(await page.getByTestId('staff-member').count()).toBeGreaterThanOrEqual(4);
    await expect(page.getByText("Only the business's owners change roles and calendars.")).toBeVisible();
    await expect(page.getByTestId('staff-edit')).toHaveCount(0);
    await expect(page.getByTestId('invitations')).toHaveCount(0);
    await openCustomers(page);
    await search(page, customer.lastname);
    await page.getByTestId('customer-link').click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Apolline ${customer.lastname}` }),
    ).toBeVisible();
    await expect(page.getByTestId('customer-export')).toBeVisible();
    await expect(page.getByTestId('customer-erase')).toBeVisible();
  });

  test("the owner sees the staff, is refused demoting the last owner, and changes a manager's role", async ({
    page,
  }) => {
    await openAdminAs(page, OWNER);
    await page.getByTestId('admin-nav-staff').click();
    await expect(page).toHaveURL(/\/demo-salon\/admin\/staff\?locale=en$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Invite someone' })).toBeVisible();

    const member = (email: string) => page.getByTestId('staff-member').filter({ hasText: email });
    const owner = member(OWNER.email);
    const leonie = member(STAFF.email);
    const julien = member(MANAGER_EMAIL);
    await expect(owner.getByTestId('staff-role')).toHaveText('Owner');
    await expect(leonie.getByTestId('staff-role')).toHaveText('Staff');
    await expect(leonie.getByTestId('staff-calendars')).toHaveText('Léonie Marchand');
    await expect(julien.getByTestId('staff-calendars')).toHaveText('All calendars');
    // A call-centre member has no schedule: no calendars to tell.
    await expect(member('nadia.lefevre@example.com').getByTestId('staff-role')).toHaveText('Call centre');
    await expect(member('nadia.lefevre@example.com').getByTestId('staff-calendars')).toHaveCount(0);
    await checkLayouts(page, 'staff');

    // The business's only owner cannot step down: the server's refusal, in words.
    await owner.getByTestId('staff-edit').click();
    const ownerEditor = owner.getByTestId('staff-editor');
    await expect(ownerEditor.getByRole('combobox', { name: 'Role' })).toBeFocused();
    await ownerEditor.getByRole('combobox', { name: 'Role' }).selectOption('manager');
    await ownerEditor.getByTestId('staff-save').click();
    await expect(ownerEditor.getByTestId('staff-error')).toHaveText(
      'The business must keep at least one owner. Name another owner first.',
    );
    await expectAccessible(page, 'the staff editor with its error');
    await shot(page, 'admin-staff-editor');
    await ownerEditor.getByRole('combobox', { name: 'Role' }).press('Escape');
    await expect(ownerEditor).toHaveCount(0);
    await expect(owner.getByTestId('staff-edit')).toBeFocused();
    await expect(owner.getByTestId('staff-role')).toHaveText('Owner');

    // The editor offers calendars for the staff role only, without saving anything.
    await leonie.getByTestId('staff-edit').click();
    const leonieEditor = leonie.getByTestId('staff-editor');
    await expect(leonieEditor.getByRole('checkbox', { name: 'All calendars' })).not.toBeChecked();
    await expect(leonieEditor.getByRole('checkbox', { name: 'Léonie Marchand' })).toBeChecked();
    await leonieEditor.getByRole('combobox', { name: 'Role' }).selectOption('manager');
    await expect(leonieEditor.getByRole('group', { name: 'Calendars' })).toHaveCount(0);
    await leonieEditor.getByTestId('staff-cancel').click();
    await expect(leonie.getByTestId('staff-role')).toHaveText('Staff');

    // A real change, undone at once (and through the API if the test stops half-way).
    try {
      await julien.getByTestId('staff-edit').click();
      await julien.getByRole('combobox', { name: 'Role' }).selectOption('owner');
      await julien.getByTestId('staff-save').click();
      await expect(julien.getByTestId('staff-role')).toHaveText('Owner');
      await expect(julien).toContainText('Saved');
      await julien.getByTestId('staff-edit').click();
      await julien.getByRole('combobox', { name: 'Role' }).selectOption('manager');
      await julien.getByTestId('staff-save').click();
      await expect(julien.getByTestId('staff-role')).toHaveText('Manager');
    } finally {
      await restoreManager(page);
    }
    await page.reload();
    await expect(julien.getByTestId('staff-role')).toHaveText('Manager');
    await expect(julien.getByTestId('staff-calendars')).toHaveText('All calendars');
  });
});

/** Puts the demo manager back as a manager of every calendar, with the owner's session. */
async function restoreManager(page: Page) {
  await page.evaluate(async (email) => {
    const token = window.localStorage.getItem('creneau.token') ?? '';
    const salon = await (await fetch('/api/v3/services/groups/demo-salon.json?apikey=creneau-dev')).json();
    const query = `apikey=creneau-dev&token=${encodeURIComponent(token)}`;
    const list = await (await fetch(`/api/v3/admin/groups/${salon.id}/staff?${query}`)).json();
    const manager = list.records.find((m: { email: string }) => m.email === email);
    if (!manager || (manager.role === 'manager' && manager.calendar_ids === null)) return;
    await fetch(`/api/v3/admin/groups/${salon.id}/staff/${manager.account_id}?${query}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'manager', calendar_ids: null }),
    });
  }, MANAGER_EMAIL);
}
