/** Theme (docs/requirements/booking-flow.md §3): spec defaults, the group's usercolors, and the colors parameter on top. */
import { WRITES_CONFIGURATION, withConfigurationLock } from '../support/configuration-lock.ts';
import { cssVar, expect, test } from '../support/fixtures.ts';

test("the group's colours dress the header and the page", { tag: WRITES_CONFIGURATION }, async ({ page }) => {
  // Read while no settings test has the salon's colours changed (they save under this lock).
  await withConfigurationLock(async () => {
    await page.goto('/demo-salon/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('header')).toHaveCSS('background-color', 'rgb(46, 42, 39)');
    expect(await cssVar(page, '--body-primary')).toBe('#B5654A');
  });
});

test('a group without colours wears the spec defaults', async ({ page }) => {
  await page.goto('/not_found');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await cssVar(page, '--body-primary')).toBe('#0F80F3');
  expect(await cssVar(page, '--body-text')).toBe('#1E1E1E');
  expect(await cssVar(page, '--body-error')).toBe('#FF0000');
  expect(await cssVar(page, '--body-background')).toBe('#FFFFFF');
});

test('the colors parameter overrides them, normalised to #RRGGBB', async ({ page }) => {
  await page.goto('/demo-salon/home?colors=primary:0a5,header.background:ff0000');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await cssVar(page, '--body-primary')).toBe('#00AA55');
  expect(await cssVar(page, '--stepper-primary')).toBe('#00AA55');
  await expect(page.getByTestId('header')).toHaveCSS('background-color', 'rgb(255, 0, 0)');
  // Buttons use a shade of the primary that keeps their label readable.
  const book = page.getByTestId('home-book');
  await expect(book).toHaveCSS('color', 'rgb(255, 255, 255)');
  expect(await cssVar(page, '--body-primary-strong')).not.toBe('#00AA55');
});

test('the JSON form of colors works too, and bad colours are ignored', async ({ page }) => {
  const colors = encodeURIComponent(JSON.stringify({ body: { primary: '123456', text: 'nope' } }));
  await page.goto(`/demo-clinic/book/calendarset_id?colors=${colors}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await cssVar(page, '--body-primary')).toBe('#123456');
  expect(await cssVar(page, '--body-text')).toBe('#1F3B4D');
});
