/**
 * Page title, meta description and keywords of a group's pages (docs/web-app.md): built from the
 * group's name, preposition, city and url name, with one of three title variants (a, b, c) and one
 * of three description variants. Shared by the web app (which picks variants at random per page
 * load) and the server (which writes them into the page's first HTML).
 */

export const VARIANTS = ['a', 'b', 'c'] as const;
export type Variant = (typeof VARIANTS)[number];

/** Looks a text up by its key (`seo.title.a`…) and fills its `{{placeholders}}`. */
export type Translate = (key: string, values?: Record<string, string>) => string;

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

/**
 * Closes the gaps an empty placeholder leaves ("{{name}} {{place}}: …" without a city). Only
 * ordinary spaces go: a no-break space before ":" (French) is typography, not a gap, and stays.
 */
const tidy = (text: string) =>
  text
    .replace(/[ \t\n]+/g, ' ')
    .replace(/ +([,.:;!?\u00a0\u202f])/g, '$1')
    .trim();

/** The title, description and keywords of a group's pages. */
export function buildPageMeta(
  t: Translate,
  input: MetaInput,
  variants: { title: Variant; description: Variant },
): PageMeta {
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
