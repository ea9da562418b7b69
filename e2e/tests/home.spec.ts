/** The mini-site home page (docs/requirements/booking-flow.md §2 screen 7) of demo-salon. */
import { expect, patchGroup, test } from '../support/fixtures.ts';

test.beforeEach(async ({ page }) => {
  await page.goto('/demo-salon/home?locale=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('shows the title, the description and the calls to action', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Atelier Capucine — coiffeur à Lyon Ainay',
  );
  await expect(page.getByTestId('home')).toContainText('Salon de coiffure indépendant au cœur d’Ainay');
  await expect(page.getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+33465712460');
  await page.getByTestId('home-book').click();
  await expect(page).toHaveURL(/\/demo-salon\/book\/interventionset_ids\?locale=en$/);
});

test('the image slider has arrows, dots and a pause button, and plays every 4 seconds', async ({ page }) => {
  const slider = page.getByTestId('image-slider');
  await expect(slider.locator('[aria-roledescription="slide"]')).toHaveCount(5);
  await expect(slider.getByRole('group')).toHaveCount(1);
  await expect(slider.getByRole('button', { name: /Show photo/ })).toHaveCount(5);
  await expect(slider).toHaveAttribute('data-index', '0');
  await slider.getByRole('button', { name: 'Next photo' }).click();
  await expect(slider).toHaveAttribute('data-index', '1');
  await slider.getByRole('button', { name: 'Show photo 5' }).click();
  await expect(slider).toHaveAttribute('data-index', '4');
  await slider.getByRole('button', { name: 'Next photo' }).click();
  await expect(slider).toHaveAttribute('data-index', '0');
  await expect(slider.getByRole('img').first()).toHaveAttribute('alt', /Le salon/);
});

test.describe('autoplay', () => {
  test('advances every 4 seconds and pauses on hover', async ({ page }) => {
    await page.clock.install();
    await page.goto('/demo-salon/home?locale=en');
    const slider = page.getByTestId('image-slider');
    await expect(slider).toHaveAttribute('data-index', '0');
    await page.mouse.move(0, 0);
    await page.clock.runFor(4_100);
    await expect(slider).toHaveAttribute('data-index', '1');
    await slider.hover();
    await page.clock.runFor(9_000);
    await expect(slider).toHaveAttribute('data-index', '1');
    await page.mouse.move(0, 0);
    await page.clock.runFor(4_100);
    await expect(slider).toHaveAttribute('data-index', '2');
    await slider.getByRole('button', { name: 'Pause the slideshow' }).focus();
    await page.keyboard.press('Enter');
    await page.mouse.move(0, 0);
    await page.locator('h1').focus();
    await page.clock.runFor(9_000);
    await expect(slider).toHaveAttribute('data-index', '2');
  });
});

test('highlights the featured service with its offer text', async ({ page }) => {
  const highlight = page.getByTestId('home-highlight');
  // The catalogue speaks the page's language (the demo translates its items).
  await expect(highlight.getByRole('heading')).toHaveText('Balayage');
  await expect(highlight).toContainText('Notre signature');
  await expect(highlight).toContainText('2 hrs 30 mins');
  await expect(highlight).toContainText('€115.00');
  await highlight.getByRole('link', { name: 'Book this' }).click();
  await expect(page).toHaveURL(/\/demo-salon\/book\/calendar_id\?locale=en&intervention_ids=\d+$/);
});

test('lists the categories with "See all services" into the matching step', async ({ page }) => {
  const listing = page.getByTestId('home-listing');
  await expect(listing.getByRole('heading')).toHaveText('Our categories');
  await expect(listing.getByRole('listitem')).toHaveCount(4);
  await expect(listing.getByRole('listitem').first()).toContainText('Haircuts');
  await expect(listing.getByRole('listitem').first()).toContainText('3 services');
  await listing.getByRole('link', { name: /Haircuts/ }).click();
  await expect(page).toHaveURL(/\/demo-salon\/book\/intervention_ids\?locale=en&interventionset_ids=\d+$/);
  await page.goBack();
  await expect(page.getByTestId('home-see-more')).toHaveAccessibleName('See all services');
  await page.getByTestId('home-see-more').click();
  await expect(page).toHaveURL(/\/demo-salon\/book\/interventionset_ids\?locale=en$/);
});

test('shows the opening hours from Monday to Sunday, up to two ranges or closed', async ({ page }) => {
  const rows = page.getByTestId('opening-hours').locator('tbody tr');
  await expect(rows).toHaveCount(7);
  await expect(rows.nth(0)).toContainText(/Monday.*Closed/);
  await expect(rows.nth(1)).toContainText('Tuesday');
  await expect(rows.nth(1)).toContainText('09:30 – 12:30');
  await expect(rows.nth(1)).toContainText('13:30 – 19:00');
  await expect(rows.nth(5)).toContainText('09:00 – 17:00');
  await expect(rows.nth(6)).toContainText(/Sunday.*Closed/);
});

test('shows contact, website, e-mail, social links and the extra box', async ({ page }) => {
  const contact = page.getByTestId('home-contact');
  await expect(contact).toContainText('8 rue des Remparts d’Ainay');
  await expect(contact).toContainText('69002 Lyon');
  await expect(contact.getByRole('link', { name: /Website/ })).toHaveAttribute(
    'href',
    'https://www.atelier-capucine.example',
  );
  await expect(contact.getByRole('link', { name: /Website/ })).toHaveAttribute('target', '_blank');
  await expect(contact.getByRole('link', { name: /bonjour@/ })).toHaveAttribute(
    'href',
    'mailto:bonjour@atelier-capucine.example',
  );
  await expect(contact.getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', /facebook\.com/);
  await expect(contact.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', /instagram\.com/);
  await expect(contact.getByRole('link', { name: /X / })).toHaveCount(0);
  await contact.scrollIntoViewIfNeeded();
  await expect(contact.getByTestId('leaflet-map')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bon à savoir' })).toBeVisible();
  await contact.getByRole('link', { name: 'See the map' }).click();
  await expect(page).toHaveURL(/\/demo-salon\/map\?locale=en$/);
});

test('the map, its code and its tiles load only once the visitor scrolls near it', async ({ page }) => {
  const mapRequests: string[] = [];
  page.on('request', (request) => {
    if (/LeafletMap|tile\.openstreetmap\.org/.test(request.url())) mapRequests.push(request.url());
  });
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/demo-salon/home?locale=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const box = page.getByTestId('home-mini-map');
  // The box holds the map's room from the start, far below the phone's screen.
  await expect(box).toHaveAttribute('data-loaded', 'false');
  expect((await box.boundingBox())?.height).toBe(180);
  expect(mapRequests).toEqual([]);
  await box.scrollIntoViewIfNeeded();
  await expect(box.locator('.leaflet-marker-icon')).toHaveCount(1);
  expect((await box.boundingBox())?.height).toBe(180);
  expect(mapRequests.some((url) => url.includes('LeafletMap'))).toBe(true);
});

test('the group HTML is sanitised before display', async ({ page }) => {
  await page.route('**/api/v3/websites?**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({
      response,
      json: {
        ...body,
        quick_desc:
          '<p id="desc">Hello<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script></p>',
      },
    });
  });
  await page.goto('/demo-salon/home?locale=en');
  await expect(page.locator('#desc')).toHaveCount(0);
  await expect(page.getByTestId('home')).toContainText('Hello');
  await expect(page.locator('main img[onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('a group whose mini-site has no settings sends the visitor to booking', async ({ page }) => {
  await patchGroup(page, 'demo-clinic', { has_minisite: true });
  await page.goto('/demo-clinic?locale=en');
  await expect(page).toHaveURL(/\/demo-clinic\/book\/calendarset_id\?locale=en$/);
});
