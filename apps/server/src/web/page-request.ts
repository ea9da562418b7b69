/**
 * What a page request tells about the page before the app runs: its group (an active one under
 * /{urlname}), its language by the same rule the app applies, and its theme.
 */
import { choosePageLocale, isLocale, type Locale, parseAcceptLanguage } from '@creneau/core/locales';
import { themeVariables } from '@creneau/core/theme/palette';
import { parseColorsParam, resolveTheme, type UserColors } from '@creneau/core/url/colors';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { findGroupByUrlname } from '../modules/groups/groups.repository.ts';
import { dbForUrlname } from '../sharding/group-shard-context.ts';
import type { ShellInput } from './page-shell.ts';

/** The cookie the language menu writes: the person's saved choice (docs/web-app.md "Language"). */
export const SAVED_LOCALE_COOKIE = 'creneau_locale';

/** First path segments that are pages of the app, not url names. */
const APP_PAGES = new Set(['not_found', 'inactive', 'disconnected', 'error', 'set_password', 'signup']);
const URLNAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

export async function shellInputFor(ctx: AppContext, request: FastifyRequest): Promise<ShellInput> {
  const url = new URL(request.url, 'http://page');
  const first = decodeURIComponent(url.pathname.split('/')[1] ?? '');
  const row =
    URLNAME.test(first) && !APP_PAGES.has(first)
      ? await findGroupByUrlname(await dbForUrlname(ctx, first), first)
      : undefined;
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
  return {
    locale,
    group,
    themeVariables: themeVariables(resolveTheme(settings?.usercolors as UserColors | undefined, colors)),
    publicUrl: ctx.config.publicUrl,
  };
}
