/**
 * What a first visit downloads and how it settles (docs/web-app.md "Delivery", "First paint"): the
 * booking page's scripts arrive compressed and within budget, and nothing visible moves while it
 * loads (layout shifts summed by a PerformanceObserver, as Lighthouse's CLS does).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

/**
 * Compressed bytes of the JavaScript a first visit of the booking page transfers: the web-bundle
 * benchmark's budget (120 KB gzipped, bench/web-bundle.bench.ts). The browser gets brotli, which is
 * smaller than gzip, so this holds whenever the benchmark does (105 KB transferred on 28 November,
 * after TanStack Query left: docs/decisions/020-own-query-module.md).
 */
const FIRST_LOAD_JS_BUDGET = 120 * 1024;

test('the first load of a booking page comes compressed and within budget', async ({ page }) => {
  const encodings = new Map<string, string | undefined>();
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (/javascript|text\/css|text\/html/.test(type)) {
      encodings.set(response.url(), response.headers()['content-encoding']);
    }
  });
  await page.goto('/demo-salon/book/intervention_ids');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
      .map((entry) => ({
        url: entry.name,
        transferred: entry.encodedBodySize,
        decoded: entry.decodedBodySize,
      })),
  );
  const own = scripts.filter((s) => s.url.includes('/assets/'));
  expect(own.length).toBeGreaterThan(0);
  const transferred = own.reduce((sum, s) => sum + s.transferred, 0);
  const decoded = own.reduce((sum, s) => sum + s.decoded, 0);
  console.log(
    `first load: ${own.length} scripts, ${Math.round(transferred / 1024)} KB transferred, ${Math.round(decoded / 1024)} KB decoded`,
  );
  expect(transferred).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
  // Compressed: at most a third of the code's size.
  expect(transferred).toBeLessThan(decoded / 3);
  for (const [url, encoding] of encodings) {
    if (url.includes('/assets/') || new URL(url).pathname.startsWith('/demo-salon')) {
      expect(encoding, url).toBe('br');
    }
  }
});

/**
 * The pages whose loading must not move anything: the first booking step at a small phone's width,
 * and the slots step of each demo group at a mid-range phone's (Lighthouse's mobile screen), where
 * the days, their times and the notes around them arrive one after the other.
 */
const STILL_PAGES = [
  { name: 'the booking page', path: '/demo-salon/book/intervention_ids', width: 360, height: 740 },
  {
    name: "the salon's slots step",
    path: '/demo-salon?intervention_ids=35&calendar_id=23',
    width: 412,
    height: 823,
  },
  {
    name: "the clinic's slots step",
    path: '/demo-clinic?intervention_ids=14&calendar_id=11',
    width: 412,
    height: 823,
  },
];

for (const still of STILL_PAGES) {
  test(`nothing moves while ${still.name} loads (CLS)`, async ({ page }) => {
    await page.setViewportSize({ width: still.width, height: still.height });
    // A slow mobile network, as Lighthouse's: the answers arrive far apart, as on a phone, so a
    // part drawn before the next one's data is in shows (and moves) as it would there.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await page.addInitScript(() => {
      const win = window as unknown as { __shifts: { value: number; sources: string[] }[] };
      win.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node }[];
        }[]) {
          if (entry.hadRecentInput) continue;
          win.__shifts.push({
            value: entry.value,
            sources: (entry.sources ?? []).map(
              (s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? '?',
            ),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(still.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Lato comes after the page's answers (app/web-font.ts): its change of face is measured too.
    await expect.poll(() => latoLoaded(page), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
    );
    const cls = shifts.reduce((sum, s) => sum + s.value, 0);
    console.log(`${still.name}: CLS ${cls.toFixed(4)}`, JSON.stringify(shifts));
    expect(cls).toBeLessThanOrEqual(0.02);
  });
}

/** Whether a face of Lato has arrived and is in use by the page. */
function latoLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    let loaded = false;
    document.fonts.forEach((face) => {
      if (face.family.replaceAll('"', '') === 'Lato' && face.status === 'loaded') loaded = true;
    });
    return loaded;
  });
}

/**
 * Lato is not part of what a first visit needs to show the page (app/web-font.ts): it is asked
 * for once the page's answers are in, so that on a slow link it does not share the bandwidth with
 * them; a later visit, which has it in its cache, asks for it at once.
 */
test('a first visit asks for Lato once the page’s answers are in, a later one at once', async ({ page }) => {
  await page.goto('/demo-salon?intervention_ids=35&calendar_id=23');
  await expect(page.getByTestId('slot').first()).toBeVisible();
  await expect.poll(() => latoLoaded(page), { timeout: 15_000 }).toBe(true);
  // The page's own clock: when each request started and its last byte came.
  const timings = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({
      url: entry.name,
      start: entry.startTime,
      end: (entry as PerformanceResourceTiming).responseEnd,
    })),
  );
  const font = timings.find((entry) => /\/assets\/web-font-[^/]*\.css$/.test(entry.url));
  expect(font, 'the web font’s style sheet was asked for').toBeDefined();
  // Every call made before Lato was asked for had its answer by then, 400 ms before at least (on
  // an idle machine the slots' call is among them; on a loaded one a step's render may take longer
  // than that between two calls).
  const calls = timings.filter((entry) => entry.url.includes('/api/') && entry.start < font!.start);
  expect(calls.length, 'calls before the font').toBeGreaterThan(0);
  const lastAnswer = Math.max(...calls.map((call) => call.end));
  expect(font!.start - lastAnswer).toBeGreaterThanOrEqual(399);
  // …and after the page had loaded.
  const loaded = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
  );
  expect(font!.start).toBeGreaterThanOrEqual(loaded);

  // The next visit: Lato is declared by the time the first times are drawn.
  await page.addInitScript(() => {
    const check = () => {
      if (!document.querySelector('[data-testid="slot"]')) return requestAnimationFrame(check);
      let declared = false;
      document.fonts.forEach((face) => {
        if (face.family.replaceAll('"', '') === 'Lato') declared = true;
      });
      (window as unknown as { latoAtSlots: boolean }).latoAtSlots = declared;
    };
    requestAnimationFrame(check);
  });
  await page.goto('/demo-salon?intervention_ids=35&calendar_id=23');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { latoAtSlots?: boolean }).latoAtSlots))
    .toBe(true);
});

/**
 * Until Lato arrives, text is drawn in a local font sized to Lato's metrics ('Lato fallback' in
 * styles/global.css), so the page takes the same room before and after. Without it, the slots
 * step's heading wrapped onto two lines in the browser's sans-serif and the page moved up a line
 * when Lato came. Here Lato never comes (its files refused), and the heading and the first times
 * must sit where they do once it has.
 */
test("text waits for Lato in a font of Lato's size: the slots step is laid out the same", async ({
  browser,
}) => {
  const path = '/demo-salon?intervention_ids=35&calendar_id=23';
  const layout = async (withLato: boolean) => {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
    });
    const page = await context.newPage();
    if (!withLato) await page.route(/lato-.*\.woff2?$/, (route) => route.abort());
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expect(page.getByTestId('slot').first()).toBeVisible();
    if (withLato) await expect.poll(() => latoLoaded(page)).toBe(true);
    else await page.waitForTimeout(1_500);
    await page.evaluate(() => document.fonts.ready);
    const box = await heading.boundingBox();
    const slot = await page.getByTestId('slot').first().boundingBox();
    const lato = await latoLoaded(page);
    await context.close();
    return { headingHeight: box!.height, slotTop: slot!.y, lato };
  };
  const withLato = await layout(true);
  const without = await layout(false);
  expect(withLato.lato).toBe(true);
  expect(without.lato).toBe(false);
  expect(without.headingHeight).toBe(withLato.headingHeight);
  expect(Math.abs(without.slotTop - withLato.slotTop)).toBeLessThanOrEqual(2);
});

/**
 * The page's policy allows only scripts with its nonce (apps/server/src/web/serve-web.ts): the
 * first HTML's inline script (Intl's warm-up, docs/web-app.md "First paint") must carry it, or the
 * browser refuses it and reports a violation.
 */
test('every script of the first HTML runs under the page policy, the inline one included', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const win = window as unknown as { __violations: string[] };
    win.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      win.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const response = await page.goto('/demo-salon/book/intervention_ids');
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
  const html = (await response?.text()) ?? '';
  expect(html).toMatch(/<script nonce="[^"]+">if \(window\.Intl\) new Intl\.DateTimeFormat\(\)/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const violations = await page.evaluate(
    () => (window as unknown as { __violations: string[] }).__violations,
  );
  expect(violations).toEqual([]);
});

/**
 * The site icon is written into the first HTML (apps/web/build/inline-icon.ts): over HTTP/1.1 a
 * separate icon request takes one of the six connections the styles and scripts wait for.
 */
test('the site icon comes inside the page, not as one more request', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/demo-salon/book/intervention_ids');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toMatch(/^data:image\/svg\+xml,%3Csvg /);
  expect(asked.filter((pathname) => /favicon/.test(pathname))).toEqual([]);
  // The icon is drawn: the browser decodes the address into an image of the icon's size.
  const size = await page.evaluate(async (href) => {
    const image = new Image();
    image.src = href;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, icon!);
  expect(size[0]).toBeGreaterThan(0);
  expect(size[1]).toBeGreaterThan(0);
});

/**
 * The booking flow's catalogue lists are fetched as soon as the group and the language are known,
 * beside the look-ups that verify the address's preselection (docs/web-app.md "First paint"), not
 * one round trip after them: here the look-ups are held until the lists have been asked for.
 */
test("a booking page asks for the catalogue beside the preselection's look-ups", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const lookups: string[] = [];
  await page.route(/\/api\/v3\/groups\/\d+\/(interventions|calendars)\?.*conditions/, async (route) => {
    lookups.push(route.request().url());
    await held;
    await route.continue();
  });
  const catalogue = (list: string) =>
    page.waitForRequest(
      (request) =>
        new RegExp(`/api/v3/groups/\\d+/${list}\\?`).test(request.url()) &&
        !request.url().includes('conditions') &&
        request.url().includes('locale='),
      { timeout: 15_000 },
    );
  const asked = Promise.all([catalogue('interventions'), catalogue('calendars'), catalogue('calendarsets')]);
  await page.goto('/demo-clinic?intervention_ids=14&calendar_id=11');
  await asked;
  // Both look-ups were on their way, unanswered, when the lists were asked for.
  expect(lookups).toHaveLength(2);
  release();
  await expect(page.getByRole('button', { name: /\d{1,2}[:.h]\d{2}/ }).first()).toBeVisible();
});

/** A closed group shows its catalogue to logged-in visitors only: nothing is fetched ahead before. */
test('a closed group is not asked for its catalogue before the visitor logs in', async ({ page }) => {
  const catalogue: string[] = [];
  page.on('request', (request) => {
    if (
      /\/api\/v3\/groups\/\d+\/(interventionsets|interventions|calendarsets|calendars)\?/.test(request.url())
    ) {
      catalogue.push(request.url());
    }
  });
  await page.goto('/demo-private');
  await expect(page).toHaveURL(/\/demo-private\/book\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accedi o crea un account');
  await page.waitForLoadState('networkidle');
  expect(catalogue).toEqual([]);
});
