/**
 * The page's first HTML, before any script runs (docs/web-app.md "First paint"): the built
 * index.html with the page's language, the group's theme colours, its title, description and
 * canonical address, and a layout skeleton whose loading message speaks the page's language.
 */
import type { Locale } from '@creneau/core/locales';
import { buildPageMeta, type Translate } from '@creneau/core/seo/page-meta';
import type { PlannedPage } from './page-plan.ts';

type Texts = { [key: string]: string | Texts };
/** page-texts.json of the web build: a few core texts per language. */
export type PageTexts = Record<string, Texts>;

export interface ShellGroup {
  urlname: string;
  name: string;
  city: string | null | undefined;
  preposition: string | null | undefined;
  /** The group's own language. */
  locale: string;
  enabledLocales: readonly Locale[];
}

export interface ShellInput {
  locale: Locale;
  /** CSS custom properties of the theme (`--header-background`…). */
  themeVariables: Record<string, string>;
  /** The group of a page under /{urlname}, when it exists and is active. */
  group: ShellGroup | null;
  publicUrl: string;
  /** The page the app will most likely show (page-plan.ts), and its main image. */
  page: PlannedPage | null;
  image: string | null;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Looks a key up in a language's texts, filling `{{placeholders}}`. */
export function translator(texts: PageTexts, locale: string): Translate {
  const lookup = (tree: Texts | undefined, key: string): string | undefined => {
    let node: string | Texts | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  return (key, values = {}) => {
    const text = lookup(texts[locale], key) ?? lookup(texts.en, key) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
  };
}

/** The address of a group's page in one language: the group's own needs no parameter. */
export function groupPageUrl(
  publicUrl: string,
  group: Pick<ShellGroup, 'urlname' | 'locale'>,
  locale: string,
) {
  const base = `${publicUrl}/${encodeURIComponent(group.urlname)}`;
  return locale === group.locale ? base : `${base}?locale=${locale}`;
}

/**
 * The group's description variant: fixed per group (not random, as in the app) so the page stays
 * the same from one request to the next and can be revalidated.
 */
function descriptionVariant(urlname: string): 'a' | 'b' | 'c' {
  let sum = 0;
  for (const char of urlname) sum += char.charCodeAt(0);
  return (['a', 'b', 'c'] as const)[sum % 3]!;
}

function headTags(
  texts: PageTexts,
  input: ShellInput,
): { title: string; description: string; links: string } {
  const t = translator(texts, input.locale);
  const { group } = input;
  if (!group) return { title: 'Créneau', description: t('seo.defaultDescription'), links: '' };
  const meta = buildPageMeta(
    t,
    {
      name: group.name,
      urlname: group.urlname,
      city: group.city,
      preposition: group.preposition,
      samePreposition: group.locale === input.locale,
    },
    { title: 'a', description: descriptionVariant(group.urlname) },
  );
  const alternates = group.enabledLocales.map(
    (locale) =>
      `<link rel="alternate" hreflang="${locale}" href="${escapeHtml(groupPageUrl(input.publicUrl, group, locale))}">`,
  );
  alternates.push(
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(groupPageUrl(input.publicUrl, group, group.locale))}">`,
  );
  const canonical = `<link rel="canonical" href="${escapeHtml(groupPageUrl(input.publicUrl, group, input.locale))}">`;
  return { title: meta.title, description: meta.description, links: [canonical, ...alternates].join('') };
}

/** The built index.html made into this page's first HTML, with `preloads` (page-preloads.ts) ending its head. */
export function renderShell(template: string, texts: PageTexts, input: ShellInput, preloads = ''): string {
  const t = translator(texts, input.locale);
  const loading = t('common.loading');
  const head = headTags(texts, input);
  const style = Object.entries(input.themeVariables)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  const themeColor = input.themeVariables['--header-background'];
  let html = template
    .replace(
      /<html lang="[^"]*"/,
      `<html lang="${input.locale}" data-page-lang="${input.locale}" data-loading="${escapeHtml(loading)}" style="${escapeHtml(style)}"`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>${head.links}`)
    .replace(
      /<meta name="description" content="[^"]*"/,
      `<meta name="description" content="${escapeHtml(head.description)}"`,
    )
    // The skeleton's message: the one text a visitor may read before the app starts.
    .replace(/(<span class="boot-text">)[^<]*(<\/span>)/, `$1${escapeHtml(loading)}$2`)
    .replace('</head>', () => `${preloads}</head>`);
  if (themeColor)
    html = html.replace(
      /<meta name="theme-color" content="[^"]*"/,
      `<meta name="theme-color" content="${escapeHtml(themeColor)}"`,
    );
  return html;
}
