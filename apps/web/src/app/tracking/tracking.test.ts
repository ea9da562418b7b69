// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackScheduleEvent } from './ad-pixel.ts';
import { sendPageView } from './page-views.ts';
import { isSocialLanding, isSocialVisitor, rememberLanding } from './social-landing.ts';
import { loadTrackingTools } from './tracking-tools.ts';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  delete window.dataLayer;
  delete window.fbq;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

const view = {
  urlname: 'demo-salon',
  path: '/demo-salon/home',
  title: 'T',
  location: 'http://x/demo-salon/home',
};

describe('page views (docs/requirements/booking-flow.md §1)', () => {
  it('pushes to the data layer for a tag manager', () => {
    sendPageView('gtm', view);
    sendPageView('gtm', { ...view, path: '/demo-salon/map' });
    expect(window.dataLayer).toEqual([
      {
        event: 'pageview',
        page_path: '/demo-salon/home',
        page_title: 'T',
        page_location: view.location,
        urlname: 'demo-salon',
      },
      {
        event: 'pageview',
        page_path: '/demo-salon/map',
        page_title: 'T',
        page_location: view.location,
        urlname: 'demo-salon',
      },
    ]);
  });

  it('tells the parent window when asked to', () => {
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    sendPageView('parent', view);
    expect(parent.postMessage).toHaveBeenCalledWith({ source: 'creneau', type: 'pageView', ...view }, '*');
    expect(window.dataLayer).toBeUndefined();
  });

  it('does nothing for none', () => {
    sendPageView('none', view);
    expect(window.dataLayer).toBeUndefined();
  });
});

describe('tracking tools', () => {
  const scripts = () =>
    Array.from(document.head.querySelectorAll('script[data-creneau-tracking]')).map((s) =>
      s.getAttribute('src'),
    );

  it("loads each configured tool's script from the tool's host, and removes them", () => {
    const remove = loadTrackingTools({ gtm_container_id: 'GTM-AB12CD3', ga_measurement_id: 'G-AB12CD34EF' });
    expect(scripts()).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3',
      'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF',
    ]);
    expect(window.dataLayer?.[0]).toMatchObject({ event: 'gtm.js' });
    // gtag commands: js, then config without an automatic page view (the app sends its own).
    expect(Array.from(window.dataLayer?.[2] as ArrayLike<unknown>)).toEqual([
      'config',
      'G-AB12CD34EF',
      { send_page_view: false },
    ]);
    remove();
    expect(scripts()).toEqual([]);
  });

  it('never loads anything for an id that is not one (an old or tampered configuration)', () => {
    for (const bad of ['GTM-x"></script><script>alert(1)//', 'G-1;alert(1)', '<script>x</script>', '']) {
      loadTrackingTools({ gtm_container_id: bad, ga_measurement_id: bad });
    }
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });
});

describe('ad pixel (docs/requirements/accounts-and-appointments.md §4: Schedule after a booking from a social network)', () => {
  it('recognises social landings by source, click id or referrer', () => {
    expect(isSocialLanding(new URLSearchParams('websource=facebook'), '')).toBe(true);
    expect(isSocialLanding(new URLSearchParams('utm_source=Instagram'), '')).toBe(true);
    expect(isSocialLanding(new URLSearchParams('fbclid=abc'), '')).toBe(true);
    expect(isSocialLanding(new URLSearchParams(), 'https://l.facebook.com/l.php?u=x')).toBe(true);
    expect(isSocialLanding(new URLSearchParams('websource=google'), 'https://www.google.com/')).toBe(false);
    expect(isSocialLanding(new URLSearchParams(), 'https://notfacebook.com.evil.test/')).toBe(false);
  });

  it('sends Schedule only for a social visitor of a group with a pixel', () => {
    expect(trackScheduleEvent('123')).toBe(false);
    rememberLanding(new URLSearchParams('websource=instagram'), '');
    expect(isSocialVisitor()).toBe(true);
    expect(trackScheduleEvent(null)).toBe(false);
    expect(trackScheduleEvent('123')).toBe(true);
    expect(window.fbq?.queue).toEqual([
      ['init', '123'],
      ['track', 'Schedule'],
    ]);
    expect(document.head.querySelector('script[src*="fbevents.js"]')).not.toBeNull();
  });
});
