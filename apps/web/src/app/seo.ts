/**
 * Page title, meta description and keywords (spec 000 §1): built from the group's name,
 * preposition, city and url name, with one of three title variants (A, B, C) and one of three
 * description variants picked at random once per page load.
 */
import type { TFunction } from 'i18next';
import { useEffect } from 'react';

export const VARIANTS = ['a', 'b', 'c'] as const;
export type Variant = (typeof VARIANTS)[number];

/** The variants of this page load. */
export const pageVariants: { title: Variant; description: Variant } = {
  title: VARIANTS[Math.floor(Math.random() * 3)]!,
  description: VARIANTS[Math.floor(Math.random() * 3)]!,
};

export interface MetaInput {
  name: string;
  urlname: string;
  city: string | null | undefined;
  /** The group's own preposition ("à", "in"…), used only when the page speaks the group's language. */
  preposition: string | null | undefined;
  samePreposition: boolean;
  /** The mini-site's own keywords, when it has some. */
  keywords?: string | null | undefined;
}

export interface PageMeta {
  title: string;
  description: string;
  keywords: string;
}

const tidy = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.:;])/g, '$1')
    .trim();

/** The title, description and keywords of a group's pages. */
export function buildPageMeta(t: TFunction, input: MetaInput, variants = pageVariants): PageMeta {
  const city = input.city?.trim() ?? '';
  const preposition = (input.samePreposition && input.preposition?.trim()) || t('seo.in');
  // "Mairie de Saint-Aubin" needs no "à Saint-Aubin" after it.
  const place =
    city && !input.name.toLowerCase().includes(city.toLowerCase()) ? `${preposition} ${city}` : '';
  const values = { name: input.name, place, city, urlname: input.urlname };
  const keywords =
    input.keywords?.trim() ||
    [input.name, city, input.urlname, t('seo.keywordAppointment'), t('seo.keywordOnline')]
      .filter(Boolean)
      .join(', ');
  return {
    title: tidy(t(`seo.title.${variants.title}`, values)),
    description: tidy(t(`seo.description.${variants.description}`, values)),
    keywords,
  };
}

function setMeta(name: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.appendChild(element);
  }
  element.content = content;
}

/** Writes the page meta into the document head. */
export function useDocumentMeta(meta: PageMeta | null) {
  useEffect(() => {
    if (!meta) return;
    document.title = meta.title;
    setMeta('description', meta.description);
    setMeta('keywords', meta.keywords);
  }, [meta]);
}
