/**
 * The theme form over the configuration document (docs/group-configuration.md "Display" and
 * "Tracking"): the group's main colours, its logo and its tracking tools' identifiers, read from
 * `settings`, written back into a copy of the document with every other part untouched, checked in
 * the browser (colours normalised to #RRGGBB, identifiers of the tools' own forms), the contrast of
 * the chosen pairs measured (WCAG AA, 4.5:1), and the server's problem paths brought back to the
 * field they name.
 */
import { contrast } from '@creneau/core/theme/contrast';
import { FACEBOOK_PIXEL_ID, GA_MEASUREMENT_ID, GTM_CONTAINER_ID } from '@creneau/core/tracking/tracking-ids';
import { DEFAULT_PALETTE, normalizeColor, resolveTheme, type UserColors } from '@creneau/core/url/colors';
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { sortProblemsBy, withoutRoot } from './server-problems.ts';

/** The colours the form edits, each an area and key of `usercolors`. */
export const COLOUR_FIELDS = {
  primary: ['body', 'primary'],
  headerBackground: ['header', 'background'],
  headerText: ['header', 'text'],
  background: ['body', 'background'],
  text: ['body', 'text'],
} as const;
export type ColourField = keyof typeof COLOUR_FIELDS;
export const COLOUR_NAMES = Object.keys(COLOUR_FIELDS) as ColourField[];

export const TRACKING_TYPES = ['none', 'gtm', 'parent'] as const;
export type TrackingType = (typeof TRACKING_TYPES)[number];

export type ThemeField = ColourField | 'logo' | 'gtm' | 'ga' | 'pixel' | 'trackingType';
export const THEME_FIELDS: readonly ThemeField[] = [
  ...COLOUR_NAMES,
  'logo',
  'gtm',
  'ga',
  'pixel',
  'trackingType',
];

export interface ThemeDraft {
  /** As typed; empty: the default colour. */
  colours: Record<ColourField, string>;
  /** A path from the site root or an https URL; null: no logo (the name's initials show). */
  logoUrl: string | null;
  gtm: string;
  ga: string;
  pixel: string;
  trackingType: TrackingType;
}

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The areas that follow the main colour when it changes: those that had it, or had none. */
const FOLLOWERS = ['header', 'stepper', 'banner'] as const;

export function draftOf(document: ConfigurationDocument): ThemeDraft {
  const settings = objectOr(document.settings) ?? {};
  const usercolors = objectOr(settings.usercolors) ?? {};
  const tracking = objectOr(settings.tracking) ?? {};
  const colours = Object.fromEntries(
    COLOUR_NAMES.map((name) => {
      const [area, key] = COLOUR_FIELDS[name];
      return [name, normalizeColor(objectOr(usercolors[area])?.[key]) ?? ''];
    }),
  ) as Record<ColourField, string>;
  const type = textOf(settings.tracking_type);
  return {
    colours,
    logoUrl: textOf(settings.logo_url) || null,
    gtm: textOf(tracking.gtm_container_id),
    ga: textOf(tracking.ga_measurement_id),
    pixel: textOf(settings.facebook_pixel_id),
    trackingType: (TRACKING_TYPES as readonly string[]).includes(type) ? (type as TrackingType) : 'none',
  };
}

/** The colour a field stands for, #RRGGBB; null when it is empty or no colour. */
export const colourOf = (typed: string): string | null => normalizeColor(typed);

/** `usercolors` with the draft's colours written in; other areas and keys are kept. */
export function userColoursWith(usercolors: unknown, draft: ThemeDraft): Json {
  const areas: Record<string, Json> = {};
  for (const [area, palette] of Object.entries(objectOr(usercolors) ?? {}))
    areas[area] = { ...(objectOr(palette) ?? {}) };
  const previousPrimary = normalizeColor(areas.body?.primary);
  const primary = colourOf(draft.colours.primary);
  for (const name of COLOUR_NAMES) {
    const [area, key] = COLOUR_FIELDS[name];
    const value = colourOf(draft.colours[name]);
    const palette = areas[area] ?? {};
    if (value) palette[key] = value;
    else delete palette[key];
    areas[area] = palette;
  }
  if (primary !== previousPrimary)
    for (const area of FOLLOWERS) {
      const palette = areas[area] ?? {};
      const own = normalizeColor(palette.primary);
      if (own !== null && own !== previousPrimary) continue;
      if (primary) palette.primary = primary;
      else delete palette.primary;
      areas[area] = palette;
    }
  return Object.fromEntries(Object.entries(areas).filter(([, palette]) => Object.keys(palette).length > 0));
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The whole document with the draft written in; nothing else is touched. */
export function documentWith(document: ConfigurationDocument, draft: ThemeDraft): ConfigurationDocument {
  const copy = structuredClone(document) as Json;
  const settings = { ...(objectOr(copy.settings) ?? {}) };
  settings.usercolors = userColoursWith(settings.usercolors, draft);
  settings.logo_url = draft.logoUrl;
  settings.tracking = {
    ...(objectOr(settings.tracking) ?? {}),
    gtm_container_id: orNull(draft.gtm.toUpperCase()),
    ga_measurement_id: orNull(draft.ga.toUpperCase()),
  };
  settings.facebook_pixel_id = orNull(draft.pixel);
  settings.tracking_type = draft.trackingType;
  copy.settings = settings;
  return copy;
}

/** The fields the browser finds wrong, in the form's order; the server checks everything again. */
export function localProblems(draft: ThemeDraft): ThemeField[] {
  const found = new Set<ThemeField>();
  for (const name of COLOUR_NAMES)
    if (draft.colours[name].trim() !== '' && !colourOf(draft.colours[name])) found.add(name);
  const id = (typed: string, pattern: RegExp, field: ThemeField) => {
    if (typed.trim() !== '' && !pattern.test(typed.trim().toUpperCase())) found.add(field);
  };
  id(draft.gtm, GTM_CONTAINER_ID, 'gtm');
  id(draft.ga, GA_MEASUREMENT_ID, 'ga');
  id(draft.pixel, FACEBOOK_PIXEL_ID, 'pixel');
  return THEME_FIELDS.filter((field) => found.has(field));
}

/** The theme the booking pages would wear with the draft (defaults where a field is empty or wrong). */
export function themeOf(document: ConfigurationDocument, draft: ThemeDraft) {
  const settings = objectOr(document.settings) ?? {};
  return resolveTheme(userColoursWith(settings.usercolors, draft) as UserColors);
}

export type ContrastPair = 'header' | 'primary' | 'text';
/** WCAG AA for text of normal size. */
export const AA_RATIO = 4.5;

/**
 * The chosen pairs whose text would not reach AA: the header's text on its background, the main
 * colour as links and buttons on the page, the text on the page. The pages then use a darker or
 * lighter shade (packages/core/src/theme/palette.ts); the owner is told, with the ratio.
 */
export function contrastWarnings(
  theme: ReturnType<typeof resolveTheme>,
): { pair: ContrastPair; ratio: number }[] {
  const pairs: [ContrastPair, string, string][] = [
    ['header', theme.header.text, theme.header.background],
    ['primary', theme.body.primary, theme.body.background],
    ['text', theme.body.text, theme.body.background],
  ];
  return pairs
    .map(([pair, a, b]) => ({ pair, ratio: contrast(a, b) }))
    .filter((warning) => warning.ratio < AA_RATIO);
}

/** The colour an empty field stands for: the spec's default of its key. */
export const defaultColour = (name: ColourField): string => DEFAULT_PALETTE[COLOUR_FIELDS[name][1]];

/** Each path of the document the form edits, and the field that shows it. */
const PATH_FIELDS: readonly [string, ThemeField][] = [
  ...COLOUR_NAMES.map((name): [string, ThemeField] => [
    `settings.usercolors.${COLOUR_FIELDS[name].join('.')}`,
    name,
  ]),
  ['settings.logo_url', 'logo'],
  ['settings.tracking.gtm_container_id', 'gtm'],
  ['settings.tracking.ga_measurement_id', 'ga'],
  ['settings.facebook_pixel_id', 'pixel'],
  ['settings.tracking_type', 'trackingType'],
];

/** Splits a 422's `problems` ("$.settings.logo_url: rule") into the form's fields and the rest. */
export function sortProblems(problems: readonly string[]): { fields: ThemeField[]; other: string[] } {
  return sortProblemsBy(
    problems,
    (path) => PATH_FIELDS.find(([prefix]) => withoutRoot(path) === prefix)?.[1],
    {
      rank: (field) => THEME_FIELDS.indexOf(field),
    },
  );
}
