/**
 * Embedding (docs/requirements/booking-flow.md §1): inside a real parent page on another origin, the booking page reports
 * its height whenever it changes, and obeys autoresize on/off messages.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

interface Message {
  source: string;
  type: string;
  height?: number;
  path?: string;
  urlname?: string | null;
}

/**
 * A real parent page on another origin (a small HTTP server on "localhost", while the booking
 * server is reached as 127.0.0.1), embedding `path` of the booking server in a frame.
 */
async function openParent(page: Page, baseURL: string, path: string) {
  const html = `<!doctype html><html lang="en"><head><title>Parent</title></head><body>
<h1>Our partner site</h1>
<iframe id="booking" title="Booking" src="${baseURL}${path}" style="width:800px;height:300px;border:0"></iframe>
<script>
  window.messages = [];
  window.addEventListener('message', (event) => {
    if (event.data && event.data.source === 'creneau') {
      window.messages.push(event.data);
      if (event.data.type === 'height') document.getElementById('booking').style.height = event.data.height + 'px';
    }
  });
  window.setAutoresize = (enabled) =>
    document.getElementById('booking').contentWindow.postMessage({ source: 'creneau-parent', type: 'autoresize', enabled }, '*');
</script></body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  await page.goto(`http://localhost:${port}/`);
  return page.frameLocator('#booking');
}

const servers: Server[] = [];
test.afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const heights = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { messages: Message[] }).messages.filter((m) => m.type === 'height'),
  );

test('the page reports its height to the parent, again when it changes', async ({ page, baseURL }) => {
  const frame = await openParent(page, baseURL!, '/demo-salon/home?locale=en');
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(async () => (await heights(page)).at(-1)?.height ?? 0).toBeGreaterThan(1000);
  // The frame follows the reported height, so the whole page shows without an inner scrollbar. The
  // home page may still grow (texts, images), each growth reported again: compare with the latest.
  const frameHeight = () =>
    page.locator('#booking').evaluate((element) => Math.round(element.getBoundingClientRect().height));
  await expect.poll(async () => (await frameHeight()) === (await heights(page)).at(-1)?.height).toBe(true);
  const first = (await heights(page)).at(-1)!;
  expect(first).toMatchObject({
    source: 'creneau',
    type: 'height',
    urlname: 'demo-salon',
    path: '/demo-salon/home',
  });

  await frame.getByTestId('header-map').click();
  await expect.poll(async () => (await heights(page)).at(-1)?.path).toBe('/demo-salon/map');
  const second = (await heights(page)).at(-1)!;
  expect(second.height).not.toBe(first.height);
});

test('autoresize off stops the height messages, on resumes them', async ({ page, baseURL }) => {
  const frame = await openParent(page, baseURL!, '/demo-salon/home?locale=en');
  await expect.poll(async () => (await heights(page)).length).toBeGreaterThan(0);
  await page.evaluate(() =>
    (window as unknown as { setAutoresize: (on: boolean) => void }).setAutoresize(false),
  );
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    (window as unknown as { messages: Message[] }).messages = [];
  });
  await frame.getByTestId('header-map').click();
  await expect(frame.getByRole('heading', { level: 1, name: 'Access' })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(await heights(page)).toEqual([]);

  await page.evaluate(() =>
    (window as unknown as { setAutoresize: (on: boolean) => void }).setAutoresize(true),
  );
  await expect.poll(async () => (await heights(page)).at(-1)?.path).toBe('/demo-salon/map');
});

test('autoresize=0 in the URL starts with the messages off until the parent turns them on', async ({
  page,
  baseURL,
}) => {
  const frame = await openParent(page, baseURL!, '/demo-clinic/book/calendarset_id?autoresize=0');
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(await heights(page)).toEqual([]);
  await page.evaluate(() =>
    (window as unknown as { setAutoresize: (on: boolean) => void }).setAutoresize(true),
  );
  await expect.poll(async () => (await heights(page)).length).toBeGreaterThan(0);
});

test('in a frame without footer the page keeps 56 px at the bottom', async ({ page, baseURL }) => {
  const frame = await openParent(page, baseURL!, '/demo-clinic/book/calendarset_id?nofooter=1');
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(frame.getByTestId('footer')).toHaveCount(0);
  await expect(frame.locator('[data-page]')).toHaveCSS('padding-bottom', '56px');
});
