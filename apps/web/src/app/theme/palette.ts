/**
 * The theme palette as CSS custom properties. The palette itself — defaults, the group's
 * usercolors, the `colors` parameter — is resolved by @creneau/core/url/colors; this file only
 * turns it into `--{group}-{key}` variables plus the derived shades that keep text readable
 * whatever colours a group chose (WCAG AA, 4.5:1).
 */
import { PALETTE_GROUPS, PALETTE_KEYS, type Theme } from '@creneau/core/url/colors';
import { contrast, ensureContrast, labelOn, mix } from './contrast.ts';

/** `--{group}-{key}` for every colour, and for each group: `-primary-strong` (buttons, links),
 * `-on-primary` (text on them), `-primary-soft` and `-accent-soft` (tints), `-error-text`,
 * `-secondary-text`, `-success-text`; and `--body-canvas`, the page background around cards. */
export function themeVariables(theme: Theme): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const group of PALETTE_GROUPS) {
    const p = theme[group];
    for (const key of PALETTE_KEYS) vars[`--${group}-${key}`] = p[key];
    vars[`--${group}-text`] = ensureContrast(p.text, p.background, 4.5);
    let strong = ensureContrast(p.primary, p.background, 4.5);
    if (contrast(strong, labelOn(strong)) < 4.5) strong = ensureContrast(strong, labelOn(strong), 4.5);
    vars[`--${group}-primary-strong`] = strong;
    vars[`--${group}-on-primary`] = labelOn(strong);
    vars[`--${group}-primary-soft`] = mix(p.primary, p.background, 0.1);
    vars[`--${group}-accent-soft`] = mix(p.accent, p.background, 0.12);
    vars[`--${group}-error-text`] = ensureContrast(p.error, p.background, 4.5);
    vars[`--${group}-secondary-text`] = ensureContrast(p.secondary, p.background, 4.5);
    vars[`--${group}-success-text`] = ensureContrast(p.success, p.background, 4.5);
  }
  const body = theme.body;
  vars['--body-canvas'] = mix(body.primary, mix(body.text, body.background, 0.025), 0.03);
  return vars;
}
