import { describe, expect, it } from 'vitest';
import { plannedPage } from './page-plan.ts';
import { type BuildManifest, preloadTags } from './page-preloads.ts';

/** A manifest shaped as Vite writes it: the entry, two pages sharing a chunk, language files. */
const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, css: ['assets/index-E.css'] },
  '_Page-S.js': { file: 'assets/Page-S.js', imports: ['index.html'] },
  'src/features/home/HomePage.tsx': {
    file: 'assets/HomePage-H.js',
    imports: ['index.html', '_Page-S.js'],
    css: ['assets/HomePage-H.css'],
  },
  'src/features/booking/BookingLayout.tsx': {
    file: 'assets/BookingLayout-B.js',
    imports: ['index.html', '_Page-S.js'],
    css: ['assets/BookingLayout-B.css'],
  },
  'src/features/booking/steps/SlotsPage.tsx': {
    file: 'assets/SlotsPage-P.js',
    imports: ['index.html'],
    css: ['assets/SlotsPage-P.css'],
  },
  'src/features/booking/steps/InterventionsetIdsPage.tsx': { file: 'assets/InterventionsetIdsPage-I.js' },
  'src/features/booking/summary/BookingSummary.tsx': {
    file: 'assets/BookingSummary-U.js',
    imports: ['index.html'],
    css: ['assets/BookingSummary-U.css'],
  },
  'src/i18n/locales/core/fr.json': { file: 'assets/fr-C.js' },
  'src/i18n/locales/home/fr.json': { file: 'assets/fr-H.js' },
};

const hrefs = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map((m) => m[1]);

describe('preloadTags', () => {
  it("names the home page's photo, chunks, styles and language files, each once, never the entry", () => {
    const html = preloadTags(manifest, { locale: 'fr', page: { kind: 'home' }, image: '/demo/a "b".svg' });
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/demo/a &quot;b&quot;.svg">',
    );
    expect(hrefs(html, 'modulepreload')).toEqual([
      '/assets/fr-C.js',
      '/assets/HomePage-H.js',
      '/assets/Page-S.js',
      '/assets/fr-H.js',
    ]);
    expect(hrefs(html, 'preload').filter((h) => h?.endsWith('.css'))).toEqual(['/assets/HomePage-H.css']);
    expect(html).not.toContain('index-E');
  });

  it('names the booking container and the step page for a step', () => {
    const html = preloadTags(manifest, {
      locale: 'fr',
      page: { kind: 'step', step: 'slots', summary: false },
      image: null,
    });
    expect(hrefs(html, 'modulepreload')).toEqual([
      '/assets/fr-C.js',
      '/assets/BookingLayout-B.js',
      '/assets/Page-S.js',
      '/assets/SlotsPage-P.js',
    ]);
    expect(hrefs(html, 'preload')).toEqual(['/assets/BookingLayout-B.css', '/assets/SlotsPage-P.css']);
  });

  it('adds the booking summary when the step shows it', () => {
    const html = preloadTags(manifest, {
      locale: 'fr',
      page: { kind: 'step', step: 'slots', summary: true },
      image: null,
    });
    expect(hrefs(html, 'modulepreload')).toContain('/assets/BookingSummary-U.js');
    expect(hrefs(html, 'preload')).toContain('/assets/BookingSummary-U.css');
  });

  it('skips what the build does not have, and needs no manifest for the photo', () => {
    expect(
      hrefs(
        preloadTags(manifest, {
          locale: 'xx',
          page: { kind: 'step', step: 'nope', summary: false },
          image: null,
        }),
        'modulepreload',
      ),
    ).toEqual(['/assets/BookingLayout-B.js', '/assets/Page-S.js']);
    expect(preloadTags(null, { locale: 'fr', page: { kind: 'home' }, image: '/p.jpg' })).toBe(
      '<link rel="preload" as="image" fetchpriority="high" href="/p.jpg">',
    );
  });
});

describe('plannedPage', () => {
  const salon = {
    has_minisite: true,
    steps_init: null,
    user_sequence_config: [
      { name: 'interventionset_ids' },
      { name: 'intervention_ids' },
      { name: 'calendar_id' },
    ],
  } as const;
  const clinic = {
    has_minisite: false,
    steps_init: null,
    user_sequence_config: [
      { name: 'calendarset_id' },
      { name: 'interventionset_ids' },
      { name: 'intervention_ids' },
      { name: 'calendar_id' },
      { name: 'resource_id' },
    ],
  } as const;
  const step = (name: string, summary: boolean) => ({ kind: 'step', step: name, summary });
  const plan = (path: string, group: typeof salon | typeof clinic) => {
    const url = new URL(path, 'http://x');
    return plannedPage(url.pathname.split('/').filter(Boolean).slice(1), url.searchParams, group);
  };

  it('greets with the mini-site unless the address asks for a booking', () => {
    expect(plan('/demo-salon', salon)).toEqual({ kind: 'home' });
    expect(plan('/demo-salon/home', salon)).toEqual({ kind: 'home' });
    expect(plan('/demo-salon?take_apt=1', salon)).toEqual(step('interventionset_ids', false));
    // Without a mini-site the home page goes on to the first step at once, keeping the query.
    expect(plan('/demo-clinic/home', clinic)).toEqual(step('calendarset_id', false));
    expect(plan('/demo-clinic/home?intervention_ids=14&calendar_id=11', clinic)).toEqual(step('slots', true));
  });

  it('goes to the first step not fixed by the preselection', () => {
    expect(plan('/demo-clinic', clinic)).toEqual(step('calendarset_id', false));
    expect(plan('/demo-salon?intervention_ids=35&calendar_id=23', salon)).toEqual(step('slots', true));
    expect(plan('/demo-clinic?intervention_ids=14&calendar_id=11', clinic)).toEqual(step('slots', true));
    expect(plan('/demo-salon?intervention_ids=35', salon)).toEqual(step('calendar_id', true));
    expect(plan('/demo-clinic?calendar_id=11', clinic)).toEqual(step('interventionset_ids', false));
  });

  it('takes a step from the path, and nothing from other pages', () => {
    expect(plan('/demo-salon/book/slots', salon)).toEqual(step('slots', true));
    // Before the services are chosen, and on the last step, no summary shows.
    expect(plan('/demo-salon/book/intervention_ids', salon)).toEqual(step('intervention_ids', false));
    expect(plan('/demo-salon/book/confirm', salon)).toEqual(step('confirm', false));
    expect(plan('/demo-salon/map', salon)).toBeNull();
    expect(plan('/demo-salon/book/Slots%3Cx', salon)).toBeNull();
  });
});
