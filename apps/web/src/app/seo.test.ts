import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/core/en.json';
import fr from '../i18n/locales/core/fr.json';
import { type TFunction, translate } from '../i18n/translate.ts';
import { buildPageMeta, VARIANTS } from './seo.ts';

async function translator(lng: 'en' | 'fr'): Promise<TFunction> {
  const texts = { en, fr }[lng];
  return (key, values) => translate([{ language: lng, texts }], key, values) ?? key;
}

const salon = {
  name: 'Atelier Capucine',
  urlname: 'demo-salon',
  city: 'Lyon',
  preposition: 'à',
  samePreposition: true,
};

describe('buildPageMeta (docs/requirements/booking-flow.md §1: three title and three description variants)', () => {
  it('builds three different titles and descriptions from name, preposition and city', async () => {
    const t = await translator('fr');
    const metas = VARIANTS.map((v) => buildPageMeta(t, salon, { title: v, description: v }));
    expect(new Set(metas.map((m) => m.title)).size).toBe(3);
    expect(new Set(metas.map((m) => m.description)).size).toBe(3);
    for (const meta of metas) {
      expect(meta.title).toContain('Atelier Capucine à Lyon');
      expect(meta.description).toContain('Atelier Capucine à Lyon');
    }
    expect(metas[0]!.title).toBe('Atelier Capucine à Lyon – Prendre rendez-vous en ligne');
  });

  it("uses the page language's preposition when the group's is in another language", async () => {
    const t = await translator('en');
    const meta = buildPageMeta(t, { ...salon, samePreposition: false }, { title: 'a', description: 'b' });
    expect(meta.title).toBe('Atelier Capucine in Lyon – Book an appointment online');
  });

  it('reads well without a city', async () => {
    const t = await translator('en');
    const meta = buildPageMeta(t, { ...salon, city: null }, { title: 'c', description: 'b' });
    expect(meta.title).toBe('Atelier Capucine: online appointments');
    expect(meta.description).toBe('Atelier Capucine: see the available times and book online for free.');
  });

  it('does not repeat a city the name already contains', async () => {
    const t = await translator('fr');
    const meta = buildPageMeta(
      t,
      { ...salon, name: 'Mairie de Saint-Aubin-sur-Sorne', city: 'Saint-Aubin-sur-Sorne', preposition: 'de' },
      { title: 'b', description: 'a' },
    );
    expect(meta.title).toBe('Réservez en ligne chez Mairie de Saint-Aubin-sur-Sorne');
  });

  it('takes the mini-site keywords, else builds them from the name, city and url name', async () => {
    const t = await translator('en');
    expect(buildPageMeta(t, { ...salon, keywords: 'coiffeur Lyon' }).keywords).toBe('coiffeur Lyon');
    expect(buildPageMeta(t, salon).keywords).toBe(
      'Atelier Capucine, Lyon, demo-salon, appointment, online booking',
    );
  });
});
