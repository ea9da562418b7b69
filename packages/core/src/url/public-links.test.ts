import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHttpsLink, isPictureAddress } from './public-links.ts';

describe('the links a group shows', () => {
  it('takes https links to a named host', () => {
    for (const link of [
      'https://www.facebook.com/ateliercapucine.lyon',
      'https://instagram.com/a.b?x=1#top',
      'HTTPS://Example.COM/Path',
      'https://xn--bcher-kva.example/',
    ])
      expect(isHttpsLink(link), link).toBe(true);
  });

  it('refuses other schemes, plain http, credentials, spaces and hosts without a domain', () => {
    for (const link of [
      'http://www.facebook.com/x',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'mailto:hello@example.com',
      'ftp://example.com',
      'https:/example.com',
      'https://localhost/x',
      'https://bank@evil.example',
      'https://a:b@evil.example',
      ' https://example.com',
      'https://exa mple.com',
      'www.example.com',
      '',
      `https://example.com/${'a'.repeat(2048)}`,
    ])
      expect(isHttpsLink(link), link).toBe(false);
  });

  // fast-check's web addresses are slow to make (1.5 s here idle, 9 s on a loaded CI machine, past
  // the 5 s default).
  it('never takes a link that does not start with https://', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http', 'ftp'] }), (link) => {
        expect(isHttpsLink(link)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['https'] }), (link) => {
        // fast-check's hosts may be single labels or IP addresses; a named host is always taken.
        const host = new URL(link).hostname;
        if (/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/.test(host) && !/(^|\.)-|-(\.|$)/.test(host))
          expect(isHttpsLink(link), link).toBe(true);
      }),
    );
  });

  it('takes pictures from the site or an https host, nothing else', () => {
    for (const address of [
      '/api/v3/groups/12/images/0123456789abcdef0123456789abcdef-gallery.jpg',
      '/demo/demo-salon/gallery-salon.svg',
      'https://cdn.example.com/photo.jpg',
    ])
      expect(isPictureAddress(address), address).toBe(true);
    for (const address of [
      'http://cdn.example.com/photo.jpg',
      '//evil.example/photo.jpg',
      '/\\evil.example/photo.jpg',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'photo.jpg',
      '/a b.jpg',
    ])
      expect(isPictureAddress(address), address).toBe(false);
  });
});
