/**
 * Sign-up (docs/back-office.md "Sign-up and platform"), in Chromium: a person fills /signup by
 * keyboard and mouse, sees the server's refusal of a reserved address beside its field, then
 * creates the business under a unique address, lands logged in as its owner in the back office, and
 * the new booking page is live: its first service offers free slots. axe at 1280 and 768 px.
 */
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { apiGet, groupId, uniqueEmail } from './account-support.ts';

test.describe.configure({ timeout: 90_000 });

test('a person creates a business, is its owner, and its first service is bookable', async ({
  page,
  request,
}) => {
  const urlname = `e2e-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/signup?locale=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your business');
  await expectAccessible(page, 'signup 1280');
  await page.setViewportSize({ width: 768, height: 900 });
  await expectAccessible(page, 'signup 768');

  await page.getByTestId('signup-firstname').fill('Morgane');
  await page.getByTestId('signup-lastname').fill('Kerbrat');
  await page.getByTestId('signup-email').fill(uniqueEmail('signup'));
  await page.getByTestId('signup-password').fill('Ouverture#Salon26');
  await page.getByTestId('signup-name').fill('Atelier Morgane');
  await expect(page.getByTestId('signup-urlname')).toHaveValue('atelier-morgane');
  await page.getByTestId('signup-urlname').fill('admin');
  await page.getByTestId('signup-street').fill('12 rue de Siam');
  await page.getByTestId('signup-zipcode').fill('29200');
  await page.getByTestId('signup-city').fill('Brest');
  await page.getByTestId('signup-language').selectOption('en');
  await expect(page.getByTestId('signup-zone')).toContainText('Europe/Paris');
  await page.getByTestId('signup-serviceName').fill('Signature cut');
  await page.getByTestId('signup-duration').fill('30');
  await page.getByTestId('signup-price').fill('32.50');
  // Open every day, so that the next days have free places whatever today is.
  for (const day of [6, 7]) await page.getByTestId(`signup-day-${day}`).getByRole('checkbox').check();
  // Tuesday closes for lunch: a second opening, added and set by keyboard; a third added and removed.
  const tuesday = page.getByTestId('signup-day-2');
  await tuesday.getByLabel('Closing time on Tuesday').fill('12:00');
  await page.getByTestId('signup-add-range-2').click();
  await expect(tuesday.getByLabel('Opening time 2 on Tuesday')).toHaveValue('13:00');
  await tuesday.getByLabel('Opening time 2 on Tuesday').fill('14:00');
  await tuesday.getByLabel('Closing time 2 on Tuesday').fill('18:00');
  await page.getByTestId('signup-add-range-2').click();
  await expect(page.getByTestId('signup-range-2-2')).toBeVisible();
  await page.getByRole('button', { name: 'Remove 19:00–21:00 on Tuesday' }).click();
  await expect(page.getByTestId('signup-range-2-2')).toHaveCount(0);

  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('signup-urlname-problem')).toHaveText(
    'This address is used by the site itself. Please choose another one.',
  );
  await expect(page.getByTestId('signup-urlname')).toHaveAttribute('aria-invalid', 'true');

  await page.getByTestId('signup-urlname').fill(urlname);
  await page.getByTestId('signup-submit').click();
  await expect(page).toHaveURL(new RegExp(`/${urlname}/admin`), { timeout: 20_000 });
  await expect(page.getByTestId('admin-role')).toHaveText('Owner');

  // Tuesday's lunch break is in the hours: no free place starts between noon and two.
  const id = await groupId(request, urlname);
  const services = await apiGet<{ records: { id: number }[] }>(request, `/v3/groups/${id}/interventions`);
  const days = Array.from({ length: 7 }, (_, i) => new Date(Date.now() + (i + 1) * 86_400_000));
  const nextTuesday = days
    .find((day) => day.getUTCDay() === 2)!
    .toISOString()
    .slice(0, 10);
  const free = await apiGet<{ availabletimeslots: { start: string }[] }>(
    request,
    `/v3/groups/${id}/availabletimeslots`,
    { start: nextTuesday, nDays: 1, 'intervention_ids[]': services.records[0]!.id },
  );
  const times = free.availabletimeslots.map((slot) => slot.start.slice(11, 16));
  expect(times).toContain('11:30');
  expect(times).toContain('14:00');
  expect(times.filter((time) => time >= '12:00' && time < '14:00')).toEqual([]);

  await page.goto(`/${urlname}/book/intervention_ids?locale=en`);
  await page
    .getByRole('button', { name: /Signature cut/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a date and time');
  await expect(page.locator('[data-testid="slot"], [data-testid="slot-menu"]').first()).toBeVisible({
    timeout: 20_000,
  });
});
