/**
 * axe on every page and popup this shell adds, at phone (360 px) and desktop (1280 px) widths: no
 * serious or critical violation, and no horizontal overflow. SCREENSHOTS=1 also saves each view
 * under screenshots/tmp/ (not committed) to look at.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { expect, fakeSession, patchGroup, test } from '../support/fixtures.ts';
import { noPageOverflow } from './booking-helpers.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots/tmp');
const WIDTHS = [360, 1280] as const;

async function check(page: Page, name: string, width: number) {
  await noPageOverflow(page, `${name} at ${width}px`);
  await expectAccessible(page, `${name} at ${width}px`);
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
}

/** Opens `url` at each width, waits for `ready`, then checks. */
function pageTest(
  name: string,
  url: string,
  ready: (page: Page) => Promise<void>,
  setup?: (page: Page) => Promise<void>,
) {
  test(`${name} is accessible at 360 and 1280 px`, async ({ page }) => {
    await setup?.(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(url);
      await ready(page);
      await check(page, name, width);
    }
  });
}

const h1 = (text?: string | RegExp) => async (page: Page) => {
  const heading = page.getByRole('heading', { level: 1 });
  if (text) await expect(heading).toHaveText(text);
  else await expect(heading).toBeVisible();
};

pageTest('home', '/demo-salon/home', async (page) => {
  await h1()(page);
  await expect(page.getByTestId('home-listing').getByRole('listitem')).toHaveCount(4);
  // The map loads when scrolled near (docs/web-app.md "First paint"): checked with it.
  await page.getByTestId('home-contact').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('home-contact').locator('.leaflet-marker-icon')).toHaveCount(1);
});
pageTest('map', '/demo-salon/map', async (page) => {
  await h1()(page);
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(1);
});
pageTest('step', '/demo-salon/book/interventionset_ids', h1('Choisissez une catégorie'));
pageTest('step-clinic', '/demo-clinic/book/calendarset_id', h1('Standort wählen'));
pageTest('login-step', '/demo-private/book/login', h1('Accedi o crea un account'));
pageTest('login-page', '/demo-sso/login', h1('Iniciar sesión'));
pageTest('not-found', '/not_found?locale=fr', h1('Page introuvable'));
pageTest(
  'not-found-known',
  '/not_found',
  h1('Diese Seite ist vorübergehend nicht erreichbar'),
  async (page) => {
    await page.goto('/demo-clinic');
    await h1()(page);
  },
);
pageTest('inactive', '/demo-inactive', h1('Fietsenmakerij De Spaak'));
pageTest('inactive-unauthorized', '/demo-sso', h1('Salud Laboral Alcázar'), (page) =>
  patchGroup(page, 'demo-sso', { openData: false }),
);
pageTest('disconnected', '/disconnected?locale=pl', h1('Wylogowano'));
pageTest('error', '/error?locale=hu', h1('Hiba történt'));
pageTest('personal-data', '/demo-salon/personal_data', h1('Vos données personnelles'));
pageTest('set-password', '/demo-clinic', h1('Neues Passwort wählen'), (page) =>
  fakeSession(page, { needPasswordChange: true }),
);

test('menus and dialogs are accessible', async ({ page }) => {
  await fakeSession(page, {});
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/demo-clinic?locale=en');
    await h1()(page);

    await page.getByTestId('locale-switch').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await check(page, 'menu-language', width);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    await page.getByTestId('account-menu').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await check(page, 'menu-account', width);
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await check(page, 'dialog-logout', width);
    await page.getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Privacy choices' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, 'dialog-privacy', width);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
});

test('the professional logout prompt is accessible', async ({ page }) => {
  await fakeSession(page, {
    type: 'pro',
    account: null,
    pro: { id: 1, email: 'p@x.y', name: 'P' },
    groups: [],
  });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/demo-salon/home?locale=en');
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await check(page, 'dialog-pro-logout', width);
  }
});
