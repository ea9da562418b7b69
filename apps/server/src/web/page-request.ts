/**
 * What a page request tells about the page before the app runs: its group (an active one under
 * /{urlname}), its language by the same rule the app applies, its theme, and the page the app will
 * most likely show there with that page's main image (for the first HTML's preloads).
 */
import { choosePageLocale, isLocale, type Locale, parseAcceptLanguage } from '@creneau/core/locales';
import { themeVariables } from '@creneau/core/theme/palette';
import { parseColorsParam, resolveTheme, type UserColors } from '@creneau/core/url/colors';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { findGroupByUrlname } from '../modules/groups/groups.repository.ts';
import { findWebsite } from '../modules/websites/websites.repository.ts';
import { dbForUrlname } from '../sharding/group-shard-context.ts';
import { plannedPage } from './page-plan.ts';
import type { ShellInput } from './page-shell.ts';

/** The cookie the language menu writes: the person's saved choice (docs/web-app.md "Language"). */
export const SAVED_LOCALE_COOKIE = 'creneau_locale';

/** First path segments that are pages of the app, not url names. */
const APP_PAGES = new Set(['not_found', 'inactive', 'disconnected', 'error', 'set_password', 'signup']);
const URLNAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * The address with its first segment in lower case, when a visitor typed it with capitals
 * (`/Atelier-Capucine` from a printed card): url names and the app's pages are lower case, so the
 * page would otherwise open as "not found". Null when there is nothing to change.
 */
export function lowerCaseAddress(requestUrl: string): string | null {
  const url = new URL(requestUrl, 'http://page');
  const [, first = '', ...rest] = url.pathname.split('/');
  const lower = first.toLowerCase();
  if (lower === first || !(URLNAME.test(lower) || APP_PAGES.has(lower))) return null;
  return `/${[lower, ...rest].join('/')}${url.search}`;
}

export async function shellInputFor(ctx: AppContext, request: FastifyRequest): Promise<ShellInput> {
  const url = new URL(request.url, 'http://page');
  const first = decodeURIComponent(url.pathname.split('/')[1] ?? '');
  // The group's own database: on a sharded deployment, its shard (its website row is there too).
  const groupDb = URLNAME.test(first) && !APP_PAGES.has(first) ? await dbForUrlname(ctx, first) : undefined;
  const row = groupDb ? await findGroupByUrlname(groupDb, first) : undefined;
  const settings = row?.active ? row.settings : undefined;
  const group =
    row && settings
      ? {
          urlname: row.urlname,
          name: row.name,
          city: settings.address?.city,
          preposition: settings.preposition,
          locale: settings.locale,
          enabledLocales: settings.enabled_locales.filter(isLocale) as Locale[],
        }
      : null;
  const locale = choosePageLocale({
    param: url.searchParams.get('locale'),
    saved: request.cookies?.[SAVED_LOCALE_COOKIE],
    browser: parseAcceptLanguage(request.headers['accept-language']),
    groupLocale: group?.locale,
    enabled: group?.enabledLocales ?? [],
  });
  const colors = parseColorsParam(url.searchParams.get('colors')).overrides;
  const page =
    row && settings
      ? plannedPage(url.pathname.split('/').filter(Boolean).slice(1), url.searchParams, settings)
      : null;
  // The home page's first photo is its largest paint: named in the HTML, it loads with the script.
  const image =
    page?.kind === 'home' && row && groupDb
      ? ((await findWebsite(groupDb, row.id))?.settings.images[0]?.url ?? null)
      : null;
  return {
    locale,
    group,
    page,
    image,
    themeVariables: themeVariables(resolveTheme(settings?.usercolors as UserColors | undefined, colors)),
    publicUrl: ctx.config.publicUrl,
  };
}
