/** The map page (docs/requirements/booking-flow.md §2 screen 8): address, one marker at zoom 16, no tiles needed to work. */
import { expect, patchGroup, test } from '../support/fixtures.ts';

test('shows the address and a map with one marker at zoom 16, even without tiles', async ({ page }) => {
  const tiles: string[] = [];
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    if (request.url().includes('tile.openstreetmap.org')) tiles.push(request.url());
  });
  await page.goto('/demo-salon/map?locale=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access');
  const address = page.getByTestId('map-address');
  await expect(address).toContainText('Atelier Capucine');
  await expect(address).toContainText('8 rue des Remparts d’Ainay');
  await expect(address).toContainText('69002 Lyon');
  const map = page.getByRole('region', { name: 'Map showing the location of Atelier Capucine' });
  await expect(map).toBeVisible();
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
  await expect(map.locator('.leaflet-marker-icon')).toHaveAttribute('title', 'Atelier Capucine');
  await expect.poll(() => tiles.length).toBeGreaterThan(0);
  expect(tiles.every((url) => /\/16\/\d+\/\d+\.png$/.test(url))).toBe(true);
  // No internet here: the tiles fail, the page says so and keeps working.
  await expect(page.getByTestId('map-tiles-unavailable')).toBeVisible();
  await expect(page.getByRole('link', { name: /Get directions/ })).toHaveAttribute(
    'href',
    /openstreetmap\.org\/directions\?to=45\.7531%2C4\.8279/,
  );
  expect(errors).toEqual([]);
});

test('the back button returns to the previous page', async ({ page }) => {
  await page.goto('/demo-salon/home?locale=en');
  await page.getByTestId('header-map').click();
  await expect(page).toHaveURL(/\/demo-salon\/map\?locale=en$/);
  await page.getByTestId('map-back').click();
  await expect(page).toHaveURL(/\/demo-salon\/home\?locale=en$/);
});

test('without coordinates it shows the address and the no-address message', async ({ page }) => {
  await patchGroup(page, 'demo-clinic', { lat: null, lng: null });
  await page.goto('/demo-clinic/map?locale=en');
  await expect(page.getByTestId('map-address')).toContainText('Leopoldstraße 54');
  await expect(page.getByTestId('map-no-address')).toHaveText(
    'This business has not shared its address on a map.',
  );
  await expect(page.getByTestId('leaflet-map')).toHaveCount(0);
});

test('with neither address nor coordinates it returns to the group page', async ({ page }) => {
  await patchGroup(page, 'demo-clinic', { lat: null, lng: null, address: null });
  await page.goto('/demo-clinic/map?locale=en');
  await expect(page).toHaveURL(/\/demo-clinic\/book\/calendarset_id\?locale=en$/);
  await expect(page.getByTestId('notification')).toHaveText(/This business has not shared its address\./);
  await expect(page.getByTestId('header-map')).toHaveCount(0);
});

test.describe('a configured tile server', () => {
  test('is used for the tiles', async ({ page }) => {
    const tiles: string[] = [];
    await page.route('https://tiles.example.test/**', (route) => {
      tiles.push(route.request().url());
      return route.fulfill({ status: 404 });
    });
    await patchGroup(page, 'demo-salon', { map_tile_url: 'https://tiles.example.test/{z}/{x}/{y}.png' });
    await page.goto('/demo-salon/map?locale=en');
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
    expect(tiles[0]).toMatch(/^https:\/\/tiles\.example\.test\/16\//);
  });
});
