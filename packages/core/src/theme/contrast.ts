/**
 * Colour arithmetic for the theme and the mails: a group may pick any colours, and the page must stay readable
 * (WCAG AA, 4.5:1 for text). Inputs are normalised #RRGGBB strings.
 */

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
    .toUpperCase()}`;
}

/** The linear value of one sRGB channel (0–255), for each of the 256. */
const LINEAR = Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex);
  return 0.2126 * LINEAR[r]! + 0.7152 * LINEAR[g]! + 0.0722 * LINEAR[b]!;
}

/**
 * WCAG contrast ratio between two colours (1 … 21). A theme's palette asks it a few thousand times
 * (each readable shade is searched step by step), during the first render of every page: the
 * channel table above spares the powers.
 */
export function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return la >= lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/** `weight` of `a` mixed with the rest of `b`, like CSS color-mix in sRGB. */
export function mix(a: string, b: string, weight: number): string {
  const ca = toRgb(a);
  const cb = toRgb(b);
  return toHex([0, 1, 2].map((i) => ca[i]! * weight + cb[i]! * (1 - weight)) as Rgb);
}

/** Black or white, whichever reads better on `background`. */
export function readableOn(background: string): string {
  return contrast(background, '#FFFFFF') >= contrast(background, '#000000') ? '#FFFFFF' : '#000000';
}

/**
 * `color` moved towards black or white (whichever increases contrast with `against`) just enough
 * to reach `ratio`; unchanged when it already does.
 */
export function ensureContrast(color: string, against: string, ratio = 4.5): string {
  if (contrast(color, against) >= ratio) return color;
  // Towards whichever extreme contrasts more with the background: for mid greys that is black
  // well below luminance 0.5, and only that extreme is sure to reach 4.5:1.
  const towards = readableOn(against);
  for (let step = 0.05; step <= 1; step += 0.05) {
    const candidate = mix(towards, color, step);
    if (contrast(candidate, against) >= ratio) return candidate;
  }
  return towards;
}

/** The label colour for a filled button: white whenever it is readable (the usual look), else black. */
export function labelOn(background: string): string {
  return contrast(background, '#FFFFFF') >= 4.5 ? '#FFFFFF' : readableOn(background);
}

/** `color` adjusted until it reaches `ratio` on every one of `surfaces`, the first one above all. */
export function ensureContrastOnAll(color: string, surfaces: readonly string[], ratio = 4.5): string {
  let result = color;
  for (let pass = 0; pass < 3; pass++) {
    for (const surface of surfaces) result = ensureContrast(result, surface, ratio);
    if (surfaces.every((surface) => contrast(result, surface) >= ratio)) return result;
  }
  // Surfaces on both sides of mid-grey cannot all be satisfied: the first one (the background) wins.
  return surfaces[0] ? ensureContrast(result, surfaces[0], ratio) : result;
}
