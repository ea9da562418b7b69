import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  documentWith,
  draftOf,
  fieldOfPath,
  listable,
  localProblems,
  movedImage,
  type SiteDraft,
  sortProblems,
} from './site-draft.ts';

const document = {
  urlname: 'demo-salon',
  name: 'Atelier',
  settings: { phone: '04 78 00 00 00', has_minisite: true, lat: 45.7531, lng: 4.8279 },
  website: {
    title: 'Atelier Capucine',
    quick_desc: '<p>Bienvenue</p>',
    domain: 'atelier.example',
    listing: 'category',
    listing_ids: ['coupes', 'couleur'],
    highlight: true,
    highlight_service: 'balayage',
    map: true,
    contact_info: true,
    website_link: 'https://www.atelier.example',
    social_link: true,
    facebook: 'https://www.facebook.com/atelier',
    instagram: null,
    mail: 'bonjour@atelier.example',
    images: [
      { url: '/demo/demo-salon/a.svg', alt: 'Le salon' },
      { url: '/demo/demo-salon/b.svg', alt: 'Le bar à couleurs' },
    ],
    openinghours: { mon: [] },
  },
  interventionsets: [
    { externid: 'coupes', name: 'Coupes', publicname: 'Coupes' },
    { externid: 'old', name: 'Old', deleted: true },
    { externid: 'couleur', name: 'Couleur interne', publicname: '' },
  ],
  interventions: [{ externid: 'balayage', name: 'Balayage', publicname: 'Balayage' }],
};

const edit = (changes: Partial<SiteDraft>) =>
  documentWith(document, { ...draftOf(document), ...changes }) as typeof document & {
    website: Record<string, unknown>;
    settings: Record<string, unknown>;
  };

describe('the mini-site draft', () => {
  it('reads the switch, texts, gallery, listing, links and position', () => {
    expect(draftOf(document)).toEqual({
      hasMinisite: true,
      title: 'Atelier Capucine',
      quickDesc: '<p>Bienvenue</p>',
      complementText: '',
      otherbox: '',
      images: document.website.images,
      listing: 'category',
      listingIds: ['coupes', 'couleur'],
      map: true,
      lat: '45.7531',
      lng: '4.8279',
      contactInfo: true,
      socialLink: true,
      websiteLink: 'https://www.atelier.example',
      facebook: 'https://www.facebook.com/atelier',
      twitterX: '',
      instagram: '',
      snapchat: '',
      mail: 'bonjour@atelier.example',
    });
    // The schema's defaults where there is no home page yet.
    expect(draftOf({ urlname: 'bare', website: null })).toMatchObject({
      hasMinisite: false,
      map: true,
      contactInfo: true,
      socialLink: false,
      images: [],
      listing: '',
      lat: '',
    });
  });

  it('writes back what was edited and keeps the rest, the document read untouched', () => {
    const edited = edit({
      quickDesc: '<p>Nouveau</p>',
      images: [...movedImage(document.website.images, 1, -1), { url: '/api/x.jpg', alt: '  Vitrine ' }],
      instagram: ' https://www.instagram.com/atelier ',
      facebook: '',
      lat: '45,76',
      lng: '',
      hasMinisite: false,
    });
    expect(edited.website).toMatchObject({
      quick_desc: '<p>Nouveau</p>',
      instagram: 'https://www.instagram.com/atelier',
      facebook: null,
      images: [
        { url: '/demo/demo-salon/b.svg', alt: 'Le bar à couleurs' },
        { url: '/demo/demo-salon/a.svg', alt: 'Le salon' },
        { url: '/api/x.jpg', alt: 'Vitrine' },
      ],
      domain: 'atelier.example',
      highlight_service: 'balayage',
      openinghours: { mon: [] },
    });
    expect(edited.settings).toEqual({ phone: '04 78 00 00 00', has_minisite: false, lat: 45.76, lng: null });
    expect(edited.interventions).toEqual(document.interventions);
    expect(document.website.images[0]?.alt).toBe('Le salon');
    expect(document.settings.lat).toBe(45.7531);
  });

  it('gives a group without a home page one once it is turned on or a field of it is edited', () => {
    const bare = { urlname: 'bare', settings: { has_minisite: false }, website: null };
    expect(documentWith(bare, draftOf(bare))).toEqual(bare);
    expect(documentWith(bare, { ...draftOf(bare), hasMinisite: true })).toEqual({
      ...bare,
      settings: { has_minisite: true },
      website: {},
    });
    // Off again with no home page: nothing to make.
    const off = { ...bare, settings: { has_minisite: true } };
    expect(documentWith(off, { ...draftOf(off), hasMinisite: false })).toEqual({
      ...off,
      settings: { has_minisite: false },
    });
    expect(documentWith(bare, { ...draftOf(bare), title: 'Bienvenue' })).toEqual({
      ...bare,
      website: { title: 'Bienvenue' },
    });
  });

  it('gives back exactly the document read when nothing is edited, whatever it holds', () => {
    const anyValue = fc.oneof(
      fc.string(),
      fc.constant(null),
      fc.boolean(),
      fc.double(),
      fc.array(fc.string(), { maxLength: 3 }),
    );
    const image = fc.oneof(fc.record({ url: fc.string(), alt: fc.string() }), anyValue);
    const website = fc.option(
      fc.record(
        {
          title: anyValue,
          quick_desc: anyValue,
          complement_text: anyValue,
          otherbox: anyValue,
          images: fc.oneof(fc.array(image, { maxLength: 4 }), anyValue),
          listing: fc.oneof(fc.constantFrom('category', 'intervention', 'package', 'other'), anyValue),
          listing_ids: fc.oneof(fc.array(anyValue, { maxLength: 3 }), anyValue),
          map: anyValue,
          contact_info: anyValue,
          social_link: anyValue,
          website_link: anyValue,
          facebook: anyValue,
          twitterX: anyValue,
          mail: anyValue,
          domain: anyValue,
        },
        { requiredKeys: [] },
      ),
    );
    const settings = fc.record(
      { has_minisite: anyValue, lat: anyValue, lng: anyValue, phone: anyValue },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(website, fc.option(settings, { nil: undefined }), (site, prefs) => {
        const read = { urlname: 'g', name: 'G', website: site, ...(prefs ? { settings: prefs } : {}) };
        expect(documentWith(read, draftOf(read))).toEqual(read);
      }),
    );
  });

  it('finds links that are not https, a bad e-mail, a position off the globe and long texts', () => {
    const draft = draftOf(document);
    expect(localProblems(draft)).toEqual([]);
    expect(
      localProblems({
        ...draft,
        title: 'x'.repeat(256),
        images: [...draft.images, { url: '/a.jpg', alt: 'y'.repeat(256) }],
        lat: '91',
        lng: 'east',
        websiteLink: 'http://www.atelier.example',
        facebook: 'javascript:alert(1)',
        snapchat: 'snapchat.com/x',
        twitterX: 'https://x.com/atelier',
        mail: 'bonjour@',
      }),
    ).toEqual(['title', 'image-2', 'lat', 'lng', 'websiteLink', 'facebook', 'snapchat', 'mail']);
    expect(localProblems({ ...draft, lat: ' -90 ', lng: '180', mail: '' })).toEqual([]);
  });

  it('brings the server’s problems back to their fields, in the form’s order', () => {
    expect(fieldOfPath('$.website.images[12].url')).toBe('image-12');
    expect(fieldOfPath('website.listing_ids[0]')).toBe('listing');
    expect(fieldOfPath('$.settings.lng')).toBe('lng');
    expect(fieldOfPath('$.settings.phone')).toBeNull();
    expect(
      sortProblems([
        '$.website.mail: Invalid email address',
        '$.website.images[10].url: a path from the site root',
        '$.website.images[2].alt: too long',
        '$.settings.lat: too big',
        '$.website.facebook: an https:// address',
        '$.interventions[0].length: too short',
      ]),
    ).toEqual({
      fields: ['image-2', 'image-10', 'lat', 'facebook', 'mail'],
      other: ['$.interventions[0].length: too short'],
    });
  });

  it('moves an image up or down, never out of the list', () => {
    const images = ['a', 'b', 'c'].map((url) => ({ url, alt: url }));
    expect(movedImage(images, 0, 1).map((image) => image.url)).toEqual(['b', 'a', 'c']);
    expect(movedImage(images, 2, -1).map((image) => image.url)).toEqual(['a', 'c', 'b']);
    expect(movedImage(images, 0, -1)).toEqual(images);
    expect(movedImage(images, 2, 1)).toEqual(images);
  });

  it('offers the items of the listing’s kind that are not deleted, by their public name', () => {
    expect(listable(document, 'category')).toEqual([
      { id: 'coupes', name: 'Coupes' },
      { id: 'couleur', name: 'Couleur interne' },
    ]);
    expect(listable(document, 'package')).toEqual([]);
  });
});
