import { contrast } from '@creneau/core/theme/contrast';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupMailBrand, mailColors } from './mail-brand.ts';
import { renderMail } from './mail-templates.ts';

const HEX6 = /^#[0-9A-F]{6}$/;
const activation = {
  groupName: 'Atelier Capucine',
  link: 'https://book.example/demo-salon/login?validation_key=1',
};

describe('mail colours', () => {
  it('uses the group colour when it is readable, else darkens it just enough', () => {
    // A dark green reads on white either way; written in lower case or short, it is the same colour.
    expect(mailColors({ color: '#2e7d32' })).toMatchObject({ button: '#2E7D32', link: '#2E7D32' });
    expect(mailColors({ color: '#036' }).button).toBe('#003366');
    // The salon's terracotta is 4.4:1 on white: deepened a little, it keeps a white label.
    const salon = mailColors({ color: '#B5654A' });
    expect(salon.buttonLabel).toBe('#FFFFFF');
    expect(salon.button).not.toBe('#B5654A');
    expect(contrast(salon.button, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(salon.button, '#B5654A')).toBeLessThan(1.2);
    expect(contrast(salon.link, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    // A pale yellow cannot carry a white label: the label turns black and the colour stays.
    const pale = mailColors({ color: '#FFF3A0' });
    expect(pale.buttonLabel).toBe('#000000');
    expect(contrast(pale.button, pale.buttonLabel)).toBeGreaterThanOrEqual(4.5);
    // Links on the white card are darkened until they read.
    expect(contrast(pale.link, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
  });

  it('refuses anything that is not a hex colour (no CSS reaches the style attribute)', () => {
    for (const bad of [
      'red',
      'red;background:url(https://evil.example/x)',
      '#12345G',
      'expression(alert(1))',
      '"><script>',
      '',
      null,
    ]) {
      const colors = mailColors({ color: bad, headerBackground: bad, headerText: bad });
      expect(colors.button).toBe('#1D4ED8');
      expect(colors.headerBackground).toBe('#FFFFFF');
      const html = renderMail('account_activation', 'fr', activation, {
        color: bad,
        headerBackground: bad,
      }).html;
      if (bad) expect(html).not.toContain(bad);
    }
  });

  it('gives readable "#RRGGBB" colours for any input (property)', () => {
    const anyColor = fc.oneof(
      fc.string(),
      fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`),
      fc.integer({ min: 0, max: 0xfff }).map((n) => n.toString(16).padStart(3, '0')),
    );
    fc.assert(
      fc.property(anyColor, anyColor, anyColor, (color, headerBackground, headerText) => {
        const colors = mailColors({ color, headerBackground, headerText });
        for (const value of Object.values(colors)) expect(value).toMatch(HEX6);
        expect(contrast(colors.button, colors.buttonLabel)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(colors.link, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
        expect(contrast(colors.headerText, colors.headerBackground)).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });
});

describe('the group in its mails', () => {
  const salon = {
    urlname: 'demo-salon',
    settings: {
      logo_url: '/demo/demo-salon/logo.svg',
      siteUrl: null,
      usercolors: { header: { background: '#2E2A27', text: '#F7EFE8' }, body: { primary: '#B5654A' } },
    },
  };

  it('reads colours, logo and site from the group settings', () => {
    expect(groupMailBrand(salon, 'https://book.example')).toEqual({
      color: '#B5654A',
      headerBackground: '#2E2A27',
      headerText: '#F7EFE8',
      logoUrl: 'https://book.example/demo/demo-salon/logo.svg',
      website: 'https://book.example/demo-salon',
    });
    // A logo that is no http(s) URL is left out.
    const odd = { ...salon, settings: { ...salon.settings, logo_url: 'javascript:alert(1)' } };
    expect(groupMailBrand(odd, 'https://book.example').logoUrl).toBeNull();
  });

  it('puts logo, colours and name in the HTML part and name and site in the text part', () => {
    const brand = groupMailBrand(salon, 'https://book.example');
    const { html, text } = renderMail('account_activation', 'fr', activation, brand);
    expect(html).toContain('<img src="https://book.example/demo/demo-salon/logo.svg" alt="Atelier Capucine"');
    expect(html).toContain(`background:${mailColors(brand).button}`);
    expect(html).toContain('background:#2E2A27');
    expect(html).not.toContain('#1d4ed8');
    expect(text.startsWith('Atelier Capucine\n================\nhttps://book.example/demo-salon\n')).toBe(
      true,
    );
    expect(text).toMatch(/-- \nAtelier Capucine\nhttps:\/\/book\.example\/demo-salon\n/);
  });

  it('keeps the default look without a brand', () => {
    const { html, text } = renderMail('account_activation', 'en', activation);
    expect(html).toContain('background:#1D4ED8');
    expect(html).not.toContain('<img');
    expect(text.startsWith('Atelier Capucine\n================\n\n')).toBe(true);
  });
});
