/**
 * The theme palette as CSS custom properties. The palette itself — defaults, the group's
 * usercolors, the `colors` parameter — is resolved by @creneau/core/url/colors; this file only
 * turns it into `--{group}-{key}` variables plus the derived shades that keep text readable
 * whatever colours a group chose (WCAG AA, 4.5:1), on every surface the text sits on.
 */
import { PALETTE_GROUPS, PALETTE_KEYS, type Theme } from '../url/colors.ts';
import { contrast, ensureContrast, ensureContrastOnAll, labelOn, mix } from './contrast.ts';

/**
 * `--{group}-{key}` for every colour, and for each group: tints (`-primary-soft`, `-accent-soft`,
 * `-error-soft`, `-secondary-soft`, `-success-soft`) and the text colours readable on the
 * background, the page canvas and those tints (`-text`, `-primary-strong` for links and buttons,
 * `-on-primary` for labels on them, `-error-text`, `-secondary-text` (on the primary tint too),
 * `-success-text`); plus
 * `--body-canvas`, the page background around cards.
 */
export function themeVariables(theme: Theme): Record<string, string> {
  const vars: Record<string, string> = {};
  const body = theme.body;
  const canvas = mix(body.primary, mix(body.text, body.background, 0.025), 0.03);
  vars['--body-canvas'] = canvas;
  for (const group of PALETTE_GROUPS) {
    const p = theme[group];
    for (const key of PALETTE_KEYS) vars[`--${group}-${key}`] = p[key];
    const soft = {
      primary: mix(p.primary, p.background, 0.1),
      accent: mix(p.accent, p.background, 0.12),
      error: mix(p.error, p.background, 0.1),
      secondary: mix(p.secondary, p.background, 0.12),
      success: mix(p.success, p.background, 0.12),
    };
    const surfaces = group === 'body' ? [p.background, canvas] : [p.background];
    vars[`--${group}-primary-soft`] = soft.primary;
    vars[`--${group}-accent-soft`] = soft.accent;
    vars[`--${group}-error-soft`] = soft.error;
    vars[`--${group}-secondary-soft`] = soft.secondary;
    vars[`--${group}-success-soft`] = soft.success;
    vars[`--${group}-text`] = ensureContrastOnAll(p.text, [...surfaces, soft.primary, soft.accent]);
    let strong = ensureContrastOnAll(p.primary, [...surfaces, soft.primary, soft.accent]);
    if (contrast(strong, labelOn(strong)) < 4.5) strong = ensureContrast(strong, labelOn(strong), 4.5);
    vars[`--${group}-primary-strong`] = strong;
    vars[`--${group}-on-primary`] = labelOn(strong);
    vars[`--${group}-error-text`] = ensureContrastOnAll(p.error, [...surfaces, soft.error]);
    // Secondary text also sits on the primary tint (a date tile's year): 4.49:1 there on a green theme.
    vars[`--${group}-secondary-text`] = ensureContrastOnAll(p.secondary, [
      ...surfaces,
      soft.secondary,
      soft.primary,
    ]);
    vars[`--${group}-success-text`] = ensureContrastOnAll(p.success, [...surfaces, soft.success]);
  }
  return vars;
}
