/**
 * The group's look in its mails (docs/mail.md § Branding): its logo, its colours and its name and
 * site. Colours come from the group's palette as the booking page resolves it (usercolors over the
 * defaults, @creneau/core/url/colors) and are checked again here — a mail is HTML built by hand, so
 * only "#RRGGBB" ever reaches a style attribute — then adjusted for contrast (WCAG AA) the way the
 * page adjusts them: a pale brand colour still gives a readable button and readable links.
 */

import { contrast, ensureContrast, labelOn, mix, readableOn } from '@creneau/core/theme/contrast';
import { normalizeColor, resolveTheme, type UserColors } from '@creneau/core/url/colors';

/** What a caller knows of the group's brand; any of it may be missing or malformed. */
export interface MailBrand {
  /** The group's main colour (buttons, links, the bar of each appointment). */
  color?: string | null | undefined;
  /** The band at the top of the mail (the page header's background). */
  headerBackground?: string | null | undefined;
  /** The header's text colour. */
  headerText?: string | null | undefined;
  /** Absolute http(s) URL of the logo. */
  logoUrl?: string | null | undefined;
  /** The group's site or booking page, said in both parts of the mail. */
  website?: string | null | undefined;
}

/** The colours a mail uses, every one "#RRGGBB" and readable where it is used. */
export interface MailColors {
  button: string;
  buttonLabel: string;
  link: string;
  tint: string;
  headerBackground: string;
  headerText: string;
}

const DEFAULT_COLOR = '#1D4ED8';
const WHITE = '#FFFFFF';
const HEX6 = /^#[0-9A-F]{6}$/;

/** A colour as "#RRGGBB", or the fallback for anything else (names, url(), "red;background:…"). */
function safeColor(value: string | null | undefined, fallback: string): string {
  const color = normalizeColor(value);
  return color && HEX6.test(color) ? color : fallback;
}

export function mailColors(brand: MailBrand | undefined): MailColors {
  const primary = safeColor(brand?.color, DEFAULT_COLOR);
  // A white label whenever the colour is dark enough to carry one once deepened a little (the page's
  // "strong" primary does the same); a pale colour keeps its shade and takes a black label.
  const buttonLabel = contrast(primary, WHITE) >= 3 ? WHITE : labelOn(primary);
  const button = contrast(primary, buttonLabel) >= 4.5 ? primary : ensureContrast(primary, buttonLabel, 4.5);
  const headerBackground = safeColor(brand?.headerBackground, WHITE);
  const wantedText = safeColor(brand?.headerText, readableOn(headerBackground));
  return {
    button,
    buttonLabel,
    link: ensureContrast(primary, WHITE, 4.5),
    tint: mix(primary, WHITE, 0.08),
    headerBackground,
    headerText: ensureContrast(wantedText, headerBackground, 4.5),
  };
}

/** An absolute http(s) URL, else null (a logo or site that cannot be linked is left out). */
function absoluteUrl(value: string | null | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, `${base}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The brand of a group from its settings: body primary colour, header band, logo and site. */
export function groupMailBrand(group: { urlname: string; settings: unknown }, publicUrl: string): MailBrand {
  const settings = (group.settings ?? {}) as {
    usercolors?: UserColors | null;
    logo_url?: string | null;
    siteUrl?: string | null;
  };
  const theme = resolveTheme(settings.usercolors ?? null);
  return {
    color: theme.body.primary,
    headerBackground: theme.header.background,
    headerText: theme.header.text,
    logoUrl: absoluteUrl(settings.logo_url, publicUrl),
    website: absoluteUrl(settings.siteUrl, publicUrl) ?? `${publicUrl}/${group.urlname}`,
  };
}
