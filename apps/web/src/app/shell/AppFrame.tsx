/**
 * The main container (docs/requirements/booking-flow.md §2 screen 11): header, address bar, the page, footer (hidden with
 * nofooter), popups and the notification bar; plus what every page needs: theme, language-aware
 * title and meta, tracking, and the frame-height messages when embedded.
 */
import type { Locale } from '@creneau/core/locales';
import { themeVariables } from '@creneau/core/theme/palette';
import { resolveTheme } from '@creneau/core/url/colors';
import { type ReactNode, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Group } from '../../api/group.ts';
import type { Session } from '../../api/session-current.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import { useLocation, useNavigationType } from '../../routing/routing.ts';
import { NotificationBar } from '../../ui/NotificationBar.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { isEmbedded } from '../embed/frame-messages.ts';
import { useFrameHeight } from '../embed/use-frame-height.ts';
import { useParsedQuery } from '../query.ts';
import { buildPageMeta, type PageMeta, useDocumentMeta } from '../seo.ts';
import { useGroupTracking } from '../tracking/use-tracking.ts';
import { AddressBar } from './AddressBar.tsx';
import styles from './AppFrame.module.css';
import { applyThemeVariables } from './apply-theme.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { PopupHost } from './PopupHost.tsx';

interface AppFrameProps {
  group: Group | null;
  session: Session | null;
  steps?: readonly string[];
  locale: Locale;
  enabledLocales: readonly Locale[];
  /** Title of a page outside a group (not found, inactive…). */
  pageTitle?: string;
  children: ReactNode;
}

/** The page after the url name: "", "home", "book/slots"… */
function pageOf(pathname: string, urlname: string | undefined): string {
  if (!urlname) return pathname.replace(/^\//, '');
  return pathname.replace(new RegExp(`^/${urlname}/?`), '').replace(/\/$/, '');
}

export function AppFrame({
  group,
  session,
  steps = [],
  locale,
  enabledLocales,
  pageTitle,
  children,
}: AppFrameProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { params } = useParsedQuery(group?.timezone);
  const page = pageOf(location.pathname, group?.urlname);
  const embedded = isEmbedded();

  const variables = useMemo(
    () => themeVariables(resolveTheme(group?.usercolors, params.colors)),
    [group?.usercolors, params.colors],
  );
  // On the root element so popups, which render outside this tree, wear the same colours.
  useLayoutEffect(() => applyThemeVariables(document.documentElement, variables), [variables]);

  const meta = useMemo<PageMeta | null>(() => {
    if (group) {
      return buildPageMeta(t, {
        name: group.name,
        urlname: group.urlname,
        city: group.address?.city,
        preposition: group.preposition,
        samePreposition: group.locale === locale,
      });
    }
    const title = pageTitle ? `${pageTitle} · Créneau` : 'Créneau';
    return { title, description: t('seo.defaultDescription'), keywords: '' };
  }, [group, locale, pageTitle, t]);
  useDocumentMeta(meta);
  useGroupTracking(group);

  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  useFrameHeight(root, params.autoresize ?? true, {
    urlname: group?.urlname ?? null,
    path: location.pathname,
  });

  // After the visitor moves to another page, move focus to it so screen readers announce it.
  // Redirects (replace navigations: the entry, invalid paths) are not the visitor's move.
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path
  useEffect(() => {
    if (first.current || navigationType === 'REPLACE') {
      first.current = false;
      return;
    }
    const heading = main.current?.querySelector<HTMLElement>('h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    } else {
      main.current?.focus({ preventScroll: true });
    }
    if (!embedded) window.scrollTo({ top: 0 });
  }, [location.pathname]);

  const noFooter = params.nofooter === true;
  const classes = [styles.app, embedded && styles.embedded, noFooter && styles.noFooter]
    .filter(Boolean)
    .join(' ');

  return (
    <div ref={setRoot} className={classes} data-page={page || 'entry'} data-style={params.styles}>
      <a className={styles.skip} href="#main">
        {t('common.skipToContent')}
      </a>
      {params.noheader !== true && (
        <Header
          group={group}
          session={session}
          steps={steps}
          locale={locale}
          enabledLocales={enabledLocales}
          nologo={params.nologo === true}
          page={page}
        />
      )}
      {group && page !== 'map' && <AddressBar group={group} />}
      <main id="main" ref={main} tabIndex={-1} className={styles.main}>
        <Suspense fallback={<Spinner page />}>{children}</Suspense>
      </main>
      {!noFooter && <Footer country={group?.country} />}
      <NotificationBar />
      <PopupHost group={group} session={session} steps={steps} />
    </div>
  );
}
