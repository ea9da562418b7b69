/**
 * The theme palette (docs/requirements/booking-flow.md §3 "Theme palette", §5 "Colour values are normalised to #RRGGBB"):
 * four groups (header, stepper, banner, body), each with the same colour keys. A colour is resolved,
 * from weakest to strongest: built-in default < the group's usercolors for that palette group <
 * a general entry of the `colors` query parameter < an entry of the parameter for that palette group.
 *
 * `colors` parameter syntax (either form):
 * - compact: entries separated by "," or ";", each `key:value` (all palette groups) or
 *   `group.key:value` (one group), e.g. `colors=primary:0F80F3,text:1e1e1e,header.background:fff`.
 *   Write colours without "#" in URLs ("#" starts the fragment) or encode it as %23.
 * - JSON: `{"primary":"0F80F3","header":{"background":"fff"}}`, URL-encoded.
 * Later entries win over earlier ones of the same key. Unknown keys and invalid colours are dropped
 * and reported; the rest of the parameter still applies.
 */
import type { GroupSettings } from '../group-config/group-config.schema.ts';

export const PALETTE_GROUPS = ['header', 'stepper', 'banner', 'body'] as const;
export type PaletteGroup = (typeof PALETTE_GROUPS)[number];

export const PALETTE_KEYS = [
  'text',
  'border',
  'primary',
  'background',
  'disabled',
  'secondary',
  'accent',
  'input',
  'error',
  'success',
] as const;
export type PaletteKey = (typeof PALETTE_KEYS)[number];

export type Palette = Partial<Record<PaletteKey, string>>;
export type Theme = Record<PaletteGroup, Record<PaletteKey, string>>;
export type UserColors = GroupSettings['usercolors'];

/**
 * The spec's defaults (primary, text, error, background) and ours for the keys it leaves open.
 * accent has no fixed default: it follows the resolved primary colour of its group.
 */
export const DEFAULT_PALETTE: Record<Exclude<PaletteKey, 'accent'>, string> = {
  primary: '#0F80F3',
  text: '#1E1E1E',
  error: '#FF0000',
  background: '#FFFFFF',
  border: '#D0D5DB',
  disabled: '#9AA1A9',
  secondary: '#5C6670',
  input: '#FFFFFF',
  success: '#1E8E3E',
};

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** "#RRGGBB" (upper case) for #rgb, rgb, RRGGBB or #RRGGBB in any case; null for anything else. */
export function normalizeColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = HEX.exec(value.trim());
  if (!match) return null;
  const hex = match[1]!.toUpperCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

export interface ColorOverrides {
  /** Entries without a group: every palette group. */
  all: Palette;
  /** Entries for one palette group. */
  groups: Partial<Record<PaletteGroup, Palette>>;
}

export interface ColorsParamResult {
  overrides: ColorOverrides;
  /** One line per dropped entry, naming it and why. */
  problems: string[];
}

const isGroup = (value: string): value is PaletteGroup =>
  (PALETTE_GROUPS as readonly string[]).includes(value);
const isKey = (value: string): value is PaletteKey => (PALETTE_KEYS as readonly string[]).includes(value);

function addEntry(result: ColorsParamResult, path: string, rawValue: unknown): void {
  const parts = path.trim().toLowerCase().split('.');
  const [first, second] = parts;
  const group = parts.length === 2 && first && isGroup(first) ? first : undefined;
  const key = parts.length === 2 ? second : first;
  if (parts.length > 2 || (parts.length === 2 && !group) || !key || !isKey(key)) {
    result.problems.push(`colors: unknown key "${path.trim()}"`);
    return;
  }
  const color = normalizeColor(rawValue);
  if (!color) {
    result.problems.push(`colors: "${path.trim()}" is not a colour #RRGGBB (${JSON.stringify(rawValue)})`);
    return;
  }
  if (group) {
    result.overrides.groups[group] ??= {};
    result.overrides.groups[group][key] = color;
  } else {
    result.overrides.all[key] = color;
  }
}

function parseJson(raw: string, result: ColorsParamResult): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    result.problems.push('colors: not valid JSON');
    return;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    result.problems.push('colors: JSON must be an object');
    return;
  }
  for (const [name, value] of Object.entries(parsed)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && isGroup(name.toLowerCase())) {
      for (const [key, color] of Object.entries(value)) addEntry(result, `${name}.${key}`, color);
    } else {
      addEntry(result, name, value);
    }
  }
}

/** Parses the `colors` query parameter (syntax in the file comment). */
export function parseColorsParam(raw: string | null | undefined): ColorsParamResult {
  const result: ColorsParamResult = { overrides: { all: {}, groups: {} }, problems: [] };
  const text = raw?.trim() ?? '';
  if (text === '') return result;
  if (text.startsWith('{')) {
    parseJson(text, result);
    return result;
  }
  for (const entry of text.split(/[,;]/)) {
    if (entry.trim() === '') continue;
    const colon = entry.indexOf(':');
    if (colon === -1) {
      result.problems.push(`colors: "${entry.trim()}" is not key:value`);
      continue;
    }
    addEntry(result, entry.slice(0, colon), entry.slice(colon + 1));
  }
  return result;
}

/** The complete theme: defaults, then the group's usercolors, then the `colors` parameter. */
export function resolveTheme(usercolors: UserColors | null | undefined, overrides?: ColorOverrides): Theme {
  const theme = {} as Theme;
  for (const group of PALETTE_GROUPS) {
    const layers: Palette[] = [
      usercolors?.[group] ?? {},
      overrides?.all ?? {},
      overrides?.groups[group] ?? {},
    ];
    const palette = {} as Record<PaletteKey, string>;
    for (const key of PALETTE_KEYS) {
      let color: string | null = key === 'accent' ? null : DEFAULT_PALETTE[key];
      for (const layer of layers) color = normalizeColor(layer[key]) ?? color;
      palette[key] = color ?? '';
    }
    // accent follows primary unless someone chose it.
    if (palette.accent === '') palette.accent = palette.primary;
    theme[group] = palette;
  }
  return theme;
}
