import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSocialLanding, isSocialVisitor, rememberLanding, trackScheduleEvent } from './ad-pixel.ts';
import { sendPageView } from './page-views.ts';
import { injectTrackingTags } from './tracking-tags.ts';

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

describe('page views (spec 000 §1)', () => {
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

describe('tracking tags', () => {
  it('inserts each tag at its position as live elements, and removes them', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const remove = injectTrackingTags([
      { position: 'head', content: '<script>window.__tagRan = 1</script><meta name="x-tag" content="1">' },
      { position: 'body_start', content: '<noscript id="start"></noscript>' },
      { position: 'body_end', content: '<div id="end"></div>' },
    ]);
    const script = document.head.querySelector('script[data-creneau-tag="head"]');
    expect(script).toBeInstanceOf(HTMLScriptElement);
    expect(script?.textContent).toBe('window.__tagRan = 1');
    expect(document.head.querySelector('meta[name="x-tag"]')).not.toBeNull();
    expect(document.body.firstElementChild?.id).toBe('start');
    expect(document.body.lastElementChild?.id).toBe('end');
    remove();
    expect(document.querySelector('[data-creneau-tag]')).toBeNull();
  });
});

describe('ad pixel (spec 001 §4: Schedule after a booking from a social network)', () => {
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
