/**
 * Every page under /{urlname}: runs the start-up sequence (docs/requirements/booking-flow.md §4) — load the group, check the
 * session, verify the preselection and build the step list — in parallel where the calls allow,
 * with a loading indicator meanwhile, then applies the access rules and renders the page.
 */
import type { BookingStep } from '@creneau/core/booking/step-list';
import { parseEnabledLocales } from '@creneau/core/locales';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { followGroupGeneration } from '../../api/api-generation.ts';
import { isGroupMissing } from '../../api/client.ts';
import { type Group, inactiveGroupOf, useGroup } from '../../api/group.ts';
import { type Session, useCurrentSession } from '../../api/session-current.ts';
import { bookingCatalogue, prefetchCatalogue } from '../../features/booking/use-catalogue.ts';
import { GroupContext, type GroupContextValue } from '../../lib/group-context.ts';
import { useQueryClient } from '../../query/query.ts';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from '../../routing/routing.ts';
import { notify } from '../../ui/notification-store.ts';
import { openPopup } from '../../ui/popup-store.ts';
import { browserLanguages, chooseLocale, likelyLocale, rememberLocale, useLanguage } from '../language.ts';
import { forgetGroup, rememberGroup } from '../last-group.ts';
import { groupPath } from '../paths.ts';
import { useVerifiedPreselection } from '../preselection.ts';
import { useParsedQuery } from '../query.ts';
import { AppFrame } from '../shell/AppFrame.tsx';
import { LoadingFrame } from '../shell/LoadingFrame.tsx';
import { StandaloneFrame } from '../shell/StandaloneFrame.tsx';
import { decideAccess, isLogged } from '../startup/access.ts';
import { useSessionExpiry } from '../startup/use-session-expiry.ts';
import { buildSteps } from '../step-list.ts';
import { ErrorMessage } from './ErrorMessage.tsx';

// Only e-mail links need it: kept out of the first page load.
const FicheKeyLogin = lazy(() => import('./FicheKeyLogin.tsx').then((m) => ({ default: m.FicheKeyLogin })));

export function GroupLayout() {
  const { urlname = '' } = useParams();
  const { pathname, search } = useLocation();
  const group = useGroup(urlname);
  const session = useCurrentSession();
  const query = useParsedQuery(group.data?.timezone);
  const locale = group.data
    ? chooseLocale({
        param: query.params.locale,
        groupLocale: group.data.locale,
        enabled: group.data.enabled_locales,
        browser: browserLanguages(),
      })
    : // While the group loads, the likely language (the server's choice; main.tsx is fetching it).
      likelyLocale(query.params.locale);
  const language = useLanguage(locale);
  const verified = useVerifiedPreselection(group.data?.id, query.params.preselection);
  const client = useQueryClient();
  const bookingPage = isBookingPage(pathname, urlname);
  const { preselection } = query.params;
  // A closed group shows its catalogue to logged-in visitors only: there, once the session says so.
  const mayReadCatalogue =
    group.data !== undefined &&
    (group.data.openData || (session.data !== undefined && isLogged(session.data)));
  useEffect(() => {
    // The booking flow's lists load beside the preselection's look-ups, not after them.
    if (group.data && bookingPage && mayReadCatalogue) {
      prefetchCatalogue(client, group.data, locale, bookingCatalogue(preselection));
    }
  }, [client, group.data, bookingPage, mayReadCatalogue, locale, preselection]);
  // Once the page has been shown, a language switch keeps it on screen until the new language has
  // loaded, instead of blanking it (and losing the keyboard focus).
  const shown = useRef(false);

  if (group.isError) {
    const inactive = inactiveGroupOf(group.error);
    if (inactive) {
      return <Navigate replace to={{ pathname: '/inactive', search }} state={{ group: inactive }} />;
    }
    if (isGroupMissing(group.error)) {
      forgetGroup();
      return <Navigate replace to={{ pathname: '/not_found', search }} state={{ urlname, known: false }} />;
    }
    return (
      <StandaloneFrame titleKey="pages.error.title">
        <ErrorMessage onRetry={() => void group.refetch()} />
      </StandaloneFrame>
    );
  }
  if (group.isPending || !session.data || !verified.data || (!language.ready && !shown.current)) {
    return <LoadingFrame />;
  }
  // An e-mail link's fiche key logs the visitor in before any page shows (docs/requirements/accounts-and-appointments.md §4).
  if (query.params.ficheKey) {
    return (
      <Suspense fallback={<LoadingFrame />}>
        <FicheKeyLogin group={group.data} ficheKey={query.params.ficheKey} />
      </Suspense>
    );
  }
  shown.current = true;
  // A group already in the cache (a pro switching back) is not fetched again: follow it here too.
  followGroupGeneration(group.data);
  return (
    <GroupReady
      group={group.data}
      session={session.data}
      preselection={verified.data.preselection}
      unverified={verified.data.unverified.length > 0}
      locale={locale}
    />
  );
}

/** The path after the url name, without slashes around it ("" for the entry, "home", "book/slots"…). */
function pageOf(pathname: string, urlname: string): string {
  return pathname.replace(new RegExp(`^/${urlname}/?`), '').replace(/\/$/, '');
}

/** The first booking step (`/{urlname}`) or a later one (`/{urlname}/book/…`). */
function isBookingPage(pathname: string, urlname: string): boolean {
  const page = pageOf(pathname, urlname);
  return page === '' || page === 'book' || page.startsWith('book/');
}

interface GroupReadyProps {
  group: Group;
  session: Session;
  preselection: GroupContextValue['preselection'];
  unverified: boolean;
  locale: GroupContextValue['locale'];
}

function GroupReady({ group, session, preselection, unverified, locale }: GroupReadyProps) {
  const { pathname, search } = useLocation();
  const steps = useMemo<BookingStep[]>(() => buildSteps(group, preselection), [group, preselection]);
  const stepNames = useMemo(() => steps.map((s) => s.name), [steps]);
  const page = pageOf(pathname, group.urlname);
  const access = decideAccess(group, session, page);
  const enabled = useMemo(() => parseEnabledLocales(group.enabled_locales), [group.enabled_locales]);
  const context = useMemo<GroupContextValue>(
    () => ({ group, session, steps, preselection, locale }),
    [group, session, steps, preselection, locale],
  );

  useSessionExpiry(session);
  useEffect(() => rememberGroup(group), [group]);
  useEffect(() => rememberLocale(locale), [locale]);

  // A professional of other groups is offered to log out (docs/requirements/booking-flow.md §4) — once per visit.
  const prompted = useRef(false);
  useEffect(() => {
    if (access.kind === 'proLogout' && !prompted.current) {
      prompted.current = true;
      openPopup({ kind: 'proLogout' });
    }
  }, [access.kind]);

  useEffect(() => {
    if (unverified) notify('invalidPreselection', { tone: 'info' });
  }, [unverified]);

  if (session.logged && session.needPasswordChange) {
    return <PasswordChangeRedirect accountId={session.account?.id} />;
  }
  if (access.kind === 'login') {
    return <Navigate replace to={{ pathname: groupPath(group.urlname, 'book/login'), search }} />;
  }
  if (access.kind === 'unauthorized') {
    return (
      <Navigate
        replace
        to={{ pathname: '/inactive', search }}
        state={{
          group: { urlname: group.urlname, name: group.name, phone: group.phone ?? null },
          reason: 'unauthorized',
        }}
      />
    );
  }
  return (
    <GroupContext.Provider value={context}>
      <AppFrame group={group} session={session} steps={stepNames} locale={locale} enabledLocales={enabled}>
        <Outlet />
      </AppFrame>
    </GroupContext.Provider>
  );
}

/** A login that needs a new password goes to /set_password (docs/requirements/accounts-and-appointments.md §4), announced first. */
function PasswordChangeRedirect({ accountId }: { accountId: number | undefined }) {
  const navigate = useNavigate();
  useEffect(() => {
    notify('needPasswordChange');
    navigate(
      { pathname: '/set_password', search: accountId ? `?account_id=${accountId}` : '' },
      { replace: true },
    );
  }, [accountId, navigate]);
  return <LoadingFrame />;
}
