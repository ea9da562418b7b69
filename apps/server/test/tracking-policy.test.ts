/**
 * Tracking on the shared origin (docs/group-configuration.md "Tracking"): a group names tools by id
 * and never supplies code. The configuration refuses script in any form, and the page's policy
 * runs no inline script and loads scripts only from the app and the tools' own hosts.
 */
import { groupSettingsSchema } from '@creneau/core/group-config/group-config.schema';
import { TRACKING_SCRIPT_HOSTS } from '@creneau/core/tracking/tracking-ids';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageContentSecurityPolicy } from '../src/web/serve-web.ts';

const parse = (settings: Record<string, unknown>) =>
  groupSettingsSchema.safeParse({ timezone: 'Europe/Paris', locale: 'fr', ...settings });

describe('tracking configuration', () => {
  it('accepts the known tools by id', () => {
    const parsed = parse({
      tracking: { gtm_container_id: 'GTM-AB12CD3', ga_measurement_id: 'G-AB12CD34EF' },
      facebook_pixel_id: '123456789012345',
      tracking_type: 'gtm',
    });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data?.tracking).toEqual({
      gtm_container_id: 'GTM-AB12CD3',
      ga_measurement_id: 'G-AB12CD34EF',
    });
  });

  it('refuses tracking code, whatever its position', () => {
    for (const position of ['head', 'body_start', 'body_end']) {
      const parsed = parse({ tracking_tags: [{ position, content: '<script>steal()</script>' }] });
      expect(parsed.success).toBe(false);
      expect(JSON.stringify(parsed.error?.issues)).toContain('tracking code is not accepted');
    }
  });

  it('refuses anything but an id in every id field, and unknown tool fields', () => {
    const scriptish = fc.oneof(
      fc.constantFrom(
        '<script>alert(1)</script>',
        'GTM-AB12"><script>x</script>',
        'G-ABCD\u2028',
        'javascript:alert(1)',
        '1234567 onload=x',
        'GTM-ab12cd3',
      ),
      fc.string({ minLength: 1, maxLength: 40 }).map((s) => `${s}<`),
    );
    fc.assert(
      fc.property(
        scriptish,
        fc.constantFrom('gtm_container_id', 'ga_measurement_id', 'pixel'),
        (value, field) => {
          const parsed =
            field === 'pixel' ? parse({ facebook_pixel_id: value }) : parse({ tracking: { [field]: value } });
          expect(parsed.success).toBe(false);
        },
      ),
    );
    expect(parse({ tracking: { custom_html: '<b>x</b>' } }).success).toBe(false);
  });
});

describe("the page's content security policy", () => {
  const scriptSources = (policy: string) =>
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'script-src')!
      .slice(1);

  it('allows no inline script, no eval, no trust passed on, and only the known script hosts', () => {
    const sources = scriptSources(pageContentSecurityPolicy('abc123'));
    for (const forbidden of ["'unsafe-inline'", "'unsafe-eval'", "'strict-dynamic'", 'https:', '*', 'data:'])
      expect(sources).not.toContain(forbidden);
    expect(sources).toEqual(["'self'", "'nonce-abc123'", ...TRACKING_SCRIPT_HOSTS]);
    expect(pageContentSecurityPolicy('abc123')).toContain("object-src 'none'");
    expect(pageContentSecurityPolicy('abc123')).toContain("base-uri 'self'");
  });
});
