/**
 * Branded mails in a real renderer (docs/mail.md § Branding): a confirmation mail of the demo salon
 * is rendered to HTML the way the server renders it, opened in Chromium, and its look is read back
 * from the computed styles — the salon's terracotta on the button, its dark
 * header band with the logo loaded, and nothing of the default blue. The screenshot goes to the
 * test's output folder (test-results/, not committed) to be looked at.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { groupMailBrand, mailColors } from '../../apps/server/src/mail/mail-brand.ts';
import { renderMail } from '../../apps/server/src/mail/mail-templates.ts';
import { expect, test } from '../support/fixtures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const salon = JSON.parse(readFileSync(path.join(root, 'demo/groups/demo-salon.json'), 'utf8')) as {
  urlname: string;
  name: string;
  settings: Record<string, unknown>;
};

/** "#B5654A" as Chromium reports a computed colour. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

function confirmation(baseURL: string, brand = groupMailBrand(salon, baseURL)) {
  return renderMail(
    'appointment_confirmation',
    'fr',
    {
      groupName: salon.name,
      groupPhone: '+33 4 78 00 00 00',
      groupAddress: '8 rue des Remparts d’Ainay, 69002 Lyon',
      timeZone: 'Europe/Paris',
      patientName: 'Inès Roux',
      appointments: [
        {
          start: new Date('2026-12-01T08:30:00Z'),
          end: new Date('2026-12-01T09:30:00Z'),
          service: 'Coupe & brushing femme',
          calendar: 'Léonie',
          priceCents: 4160,
          videoUrl: null,
        },
      ],
      totalCents: 4160,
      currency: 'EUR',
      manageLink: `${baseURL}/demo-salon/appointments?token=t`,
      cancelLink: `${baseURL}/demo-salon/appointments?token=t&cancel_apt=1`,
      exportLink: `${baseURL}/demo-salon/appointments?token=t&export_apt=1`,
      comment: null,
    },
    brand,
  );
}

test('a confirmation mail shows the salon’s logo and colours in Chromium', async ({
  page,
  baseURL,
}, testInfo) => {
  const mail = confirmation(baseURL!);
  await page.setViewportSize({ width: 640, height: 900 });
  await page.setContent(mail.html, { waitUntil: 'load' });

  // The salon's terracotta (#B5654A), deepened just enough to carry a white label.
  const brand = mailColors(groupMailBrand(salon, baseURL!));
  expect(brand.button).toMatch(/^#[A-B][0-9A-F]{5}$/);
  const button = page.locator('.brand-button');
  expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(brand.button));
  expect(await button.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
  const band = page.locator('.brand-band');
  expect(await band.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb('#2E2A27'));
  await expect(band).toContainText(salon.name);
  // The logo comes from the group's settings, made absolute, and loads.
  const logo = band.locator('img');
  await expect(logo).toHaveAttribute('src', `${baseURL}/demo/demo-salon/logo.svg`);
  await expect(logo).toHaveAttribute('alt', salon.name);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // No trace of the default blue anywhere in the rendered styles.
  const colours = await page.evaluate(() =>
    Array.from(document.querySelectorAll('*')).flatMap((el) => {
      const style = getComputedStyle(el);
      return [style.backgroundColor, style.color, style.borderLeftColor];
    }),
  );
  expect(colours).not.toContain('rgb(29, 78, 216)');

  await page.screenshot({ path: testInfo.outputPath('mail-demo-salon.png'), fullPage: true });
});

test('a mail with bad brand colours falls back to the default look, still readable', async ({
  page,
  baseURL,
}) => {
  const mail = confirmation(baseURL!, {
    color: 'red;background:url(https://evil.example/x)',
    headerBackground: 'expression(alert(1))',
    logoUrl: 'javascript:alert(1)',
    website: null,
  });
  expect(mail.html).not.toContain('evil.example');
  expect(mail.html).not.toContain('javascript:');
  await page.setContent(mail.html, { waitUntil: 'load' });
  expect(await page.locator('.brand-button').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    'rgb(29, 78, 216)',
  );
  expect(await page.locator('.brand-band').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    'rgb(255, 255, 255)',
  );
  await expect(page.locator('img')).toHaveCount(0);
});
