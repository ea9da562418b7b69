/**
 * Page title, meta description and keywords (docs/web-app.md, built by @creneau/core/seo/page-meta),
 * with one of three title variants (A, B, C) and one of three description variants picked at
 * random once per page load.
 */
import {
  buildPageMeta as buildMeta,
  type MetaInput,
  type PageMeta,
  VARIANTS,
  type Variant,
} from '@creneau/core/seo/page-meta';
import { useEffect } from 'react';
import type { TFunction } from '../i18n/translate.ts';

export { type PageMeta, VARIANTS };

/** The variants of this page load. */
export const pageVariants: { title: Variant; description: Variant } = {
  title: VARIANTS[Math.floor(Math.random() * 3)]!,
  description: VARIANTS[Math.floor(Math.random() * 3)]!,
};

/** The title, description and keywords of a group's pages, in the page's language. */
export function buildPageMeta(t: TFunction, input: MetaInput, variants = pageVariants): PageMeta {
  return buildMeta((key, values) => t(key, values), input, variants);
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
