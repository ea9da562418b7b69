import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  colourOf,
  contrastWarnings,
  documentWith,
  draftOf,
  localProblems,
  sortProblems,
  themeOf,
  userColoursWith,
} from './theme-draft.ts';

const document = {
  urlname: 'demo-salon',
  name: 'Atelier',
  settings: {
    phone: '04 78 00 00 00',
    logo_url: '/demo/demo-salon/logo.svg',
    usercolors: {
      header: { background: '#2e2a27', text: '#F7EFE8' },
      stepper: { primary: '#B5654A', text: '#111111' },
      body: { primary: '#B5654A' },
    },
    tracking: { gtm_container_id: null, ga_measurement_id: 'G-AB12CD34' },
    facebook_pixel_id: null,
    tracking_type: 'gtm',
  },
  calendars: [{ externid: 'leonie' }],
};

describe('the theme draft', () => {
  it('reads the colours normalised, the logo and the tracking tools', () => {
    expect(draftOf(document)).toEqual({
      colours: {
        primary: '#B5654A',
        headerBackground: '#2E2A27',
        headerText: '#F7EFE8',
        background: '',
        text: '',
      },
      logoUrl: '/demo/demo-salon/logo.svg',
      gtm: '',
      ga: 'G-AB12CD34',
      pixel: '',
      trackingType: 'gtm',
    });
    expect(draftOf({ urlname: 'bare' })).toMatchObject({ logoUrl: null, trackingType: 'none' });
  });

  it('writes back only what it edits, and an unchanged draft changes nothing', () => {
    const draft = draftOf(document);
    const same = documentWith(document, draft) as typeof document;
    expect(same.settings.usercolors).toEqual({
      header: { background: '#2E2A27', text: '#F7EFE8' },
      stepper: { primary: '#B5654A', text: '#111111' },
      body: { primary: '#B5654A' },
    });
    expect(same.calendars).toEqual(document.calendars);
    expect(same.settings.phone).toBe('04 78 00 00 00');

    const edited = documentWith(document, {
      ...draft,
      colours: { ...draft.colours, headerText: '', background: 'fafafa' },
      logoUrl: null,
      gtm: ' gtm-ab12cd3 ',
      pixel: '',
    }) as { settings: Record<string, unknown> };
    expect(edited.settings.usercolors).toMatchObject({
      header: { background: '#2E2A27' },
      body: { primary: '#B5654A', background: '#FAFAFA' },
    });
    expect(edited.settings.logo_url).toBeNull();
    expect(edited.settings.tracking).toEqual({
      gtm_container_id: 'GTM-AB12CD3',
      ga_measurement_id: 'G-AB12CD34',
    });
    expect(edited.settings.facebook_pixel_id).toBeNull();
    // The document read is never changed.
    expect(document.settings.usercolors.header.text).toBe('#F7EFE8');
  });

  it('carries a new main colour to the areas that followed it, not to one with its own', () => {
    const draft = draftOf(document);
    const colours = userColoursWith(
      { ...document.settings.usercolors, banner: { primary: '#00FF00' } },
      { ...draft, colours: { ...draft.colours, primary: '#0a5' } },
    );
    expect(colours).toEqual({
      header: { background: '#2E2A27', text: '#F7EFE8', primary: '#00AA55' },
      stepper: { primary: '#00AA55', text: '#111111' },
      banner: { primary: '#00FF00' },
      body: { primary: '#00AA55' },
    });
    // Back to the default: the followers lose it too, and an emptied area goes.
    const cleared = userColoursWith(colours, { ...draft, colours: { ...draft.colours, primary: '' } });
    expect(cleared).toEqual({
      header: { background: '#2E2A27', text: '#F7EFE8' },
      stepper: { text: '#111111' },
      banner: { primary: '#00FF00' },
    });
  });

  it('normalises every spelling of a colour and refuses anything else', () => {
    expect(['#abc', 'ABC', ' #AaBbCc ', 'aabbcc'].map(colourOf)).toEqual(Array(4).fill('#AABBCC'));
    expect(['red', '#abcd', 'rgb(0,0,0)', '#GGGGGG', ''].map(colourOf)).toEqual(Array(5).fill(null));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), fc.boolean(), fc.boolean(), (n, hash, lower) => {
        const hex = n.toString(16).padStart(6, '0');
        const typed = `${hash ? '#' : ''}${lower ? hex : hex.toUpperCase()}`;
        expect(colourOf(typed)).toBe(`#${hex.toUpperCase()}`);
      }),
    );
  });

  it('finds wrong colours and identifiers in the form’s order', () => {
    const draft = draftOf(document);
    expect(localProblems(draft)).toEqual([]);
    expect(
      localProblems({
        ...draft,
        colours: { ...draft.colours, text: 'blue', primary: '#12' },
        gtm: 'GTM-<script>',
        ga: 'g-ab12cd34',
        pixel: '12345',
      }),
    ).toEqual(['primary', 'text', 'gtm', 'pixel']);
  });

  it('warns of each pair under AA, with its ratio, on the theme the page would wear', () => {
    const read = draftOf(document);
    // The salon's terracotta is a little light for links on white (4.1:1).
    expect(contrastWarnings(themeOf(document, read)).map((w) => w.pair)).toEqual(['primary']);
    const draft = { ...read, colours: { ...read.colours, primary: '#1F5F8B' } };
    expect(contrastWarnings(themeOf(document, draft))).toEqual([]);
    const pale = themeOf(document, {
      ...draft,
      colours: { ...draft.colours, primary: '#FFDD00', headerText: '#333333' },
    });
    const warnings = contrastWarnings(pale);
    expect(warnings.map((w) => w.pair)).toEqual(['header', 'primary']);
    expect(warnings[1]?.ratio).toBeCloseTo(1.35, 2);
    // A wrong colour is no colour: the default stands, which reads well.
    expect(
      contrastWarnings(themeOf(document, { ...draft, colours: { ...draft.colours, text: 'nope' } })),
    ).toEqual([]);
  });

  it('brings the server’s problems back to their fields', () => {
    expect(
      sortProblems([
        '$.settings.usercolors.header.text: a colour #RRGGBB',
        '$.settings.tracking.gtm_container_id: a Google Tag Manager container id such as GTM-AB12CD3',
        '$.interventions[0].length: too short',
      ]),
    ).toEqual({ fields: ['headerText', 'gtm'], other: ['$.interventions[0].length: too short'] });
  });
});
