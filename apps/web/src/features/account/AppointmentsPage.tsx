/**
 * /{urlname}/appointments (docs/requirements/accounts-and-appointments.md §2 appointments list, §4): one tab per person, upcoming
 * appointments then past ones (one year back), each with its menu — cancel, edit, retake, add to
 * calendar, go there — and the video button for video consultations; an empty state with a book
 * button; the group's custom text. E-mail links land here: cancel_apt opens the cancel dialog and
 * export_apt the add-to-calendar popup once the list is loaded.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components/Tabs';
import { useLocation, useNavigate } from 'react-router';
import { canChangeAppointments } from '../../api/api-generation.ts';
import { fetchEditable } from '../../api/appointment-editable.ts';
import { appointmentIcsUrl } from '../../api/appointment-ics.ts';
import { type ListedAppointment, useAppointments } from '../../api/appointments.ts';
import { useFiches } from '../../api/fiches.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { logout } from '../../api/session-logout.ts';
import { useSessionToken } from '../../api/session-token.ts';
import { ErrorMessage } from '../../app/group/ErrorMessage.tsx';
import { mapState, placeToGo } from '../../app/map-place.ts';
import { groupPath } from '../../app/paths.ts';
import { withoutParams } from '../../app/startup/email-link.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { type AppointmentAction, AppointmentCard } from '../../ui/appointments/AppointmentCard.tsx';
import { errorKey } from '../../ui/auth/error-key.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageContainer, PageHeader } from '../../ui/Page.tsx';
import { openPopup, usePopupStore } from '../../ui/popup-store.ts';
import { RichText } from '../../ui/RichText.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import tabStyles from '../../ui/Tabs.module.css';
import { CancelDialog } from '../appointments/CancelDialog.tsx';
import styles from './AppointmentsPage.module.css';
import { cleanSearch, useCleanLink } from './account-navigation.ts';
import { actionsFor, cardsOf, type PersonTab, personTabs, splitByTime } from './appointment-list.ts';

/** A positive id from a query value or the session, else 0. */
const idOf = (value: unknown) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

// Link actions already handled in this visit (a re-render or a remount must not reopen them).
const handledLinks = new Set<string>();

export function AppointmentsPage() {
  const { t, i18n } = usePart('account');
  const { group, session, steps } = useGroupContext();
  const token = useSessionToken();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const link = useCleanLink();
  const logged = session.logged && session.type === 'user';
  const list = useAppointments(group.id, token, i18n.language, logged);
  const fiches = useFiches(group.id, token, logged);
  const [dialog, setDialog] = useState<{ targetId: number; fromLink: boolean } | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [now, setNow] = useState(() => new Date());

  const query = new URLSearchParams(search);
  // The session an e-mail link opened names its appointment (checked by the server): it wins over
  // the address, whose cancel_apt / export_apt may be a mere flag (`cancel_apt=1`).
  const cancelLink = idOf(session.account?.cancel_apt) || idOf(query.get('cancel_apt'));
  const exportLink = idOf(session.account?.export_apt) || idOf(query.get('export_apt'));
  const scoped =
    session.account?.id === 0 && (idOf(session.account?.cancel_apt) || idOf(session.account?.export_apt));
  const linkAction = idOf(session.account?.cancel_apt)
    ? 'cancel'
    : idOf(session.account?.export_apt)
      ? 'export'
      : null;
  const canEdit = canChangeAppointments(group) && (session.account?.id ?? 0) > 0;

  const appointments = list.data ?? [];
  const tabs = useMemo(() => personTabs(fiches.data ?? [], appointments), [fiches.data, appointments]);

  // An e-mail link's action is done (or abandoned): a link-only session has nothing more to offer.
  const finishLink = useCallback(async () => {
    if (scoped) {
      await logout().catch(() => undefined);
      navigate(
        {
          pathname: groupPath(group.urlname),
          search: withoutParams(search, ['cancel_apt', 'export_apt', 'ficheKey']),
        },
        { replace: true },
      );
    } else {
      navigate({ search: withoutParams(search, ['cancel_apt', 'export_apt']) }, { replace: true });
    }
  }, [scoped, navigate, group.urlname, search]);

  // cancel_apt / export_apt: open the dialog or the popup once the list is there (docs/requirements/accounts-and-appointments.md §4).
  const exportOpen = useRef(false);
  useEffect(() => {
    if (!list.isSuccess) return;
    if (cancelLink) {
      const key = `${token}:cancel:${cancelLink}`;
      if (handledLinks.has(key)) return;
      handledLinks.add(key);
      const target = list.data.find((a) => a.id === cancelLink);
      if (target) setSelected(target.fiche.id);
      setDialog({ targetId: cancelLink, fromLink: true });
    } else if (exportLink) {
      const key = `${token}:export:${exportLink}`;
      if (handledLinks.has(key)) return;
      handledLinks.add(key);
      const target = list.data.find((a) => a.id === exportLink);
      if (target) {
        exportOpen.current = true;
        openPopup({ kind: 'addToCalendar', event: calendarEvent(target, group.id, group.timezone) });
      } else {
        openPopup({ kind: 'alert', message: 'appointmentNotFound' });
        void finishLink();
      }
    }
  }, [list.isSuccess, list.data, cancelLink, exportLink, token, group.id, group.timezone, finishLink]);

  // The export popup opened from a link closed: the link is done.
  useEffect(
    () =>
      usePopupStore.subscribe((state, previous) => {
        if (exportOpen.current && previous.popup?.kind === 'addToCalendar' && state.popup === null) {
          exportOpen.current = false;
          void finishLink();
        }
      }),
    [finishLink],
  );

  // Keep "upcoming" and "past" true while the page stays open.
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const refresh = useCallback(() => {
    setNow(new Date());
    void client.invalidateQueries({ queryKey: queryKeys.appointments.ofGroup(group.id) });
  }, [client, group.id]);

  const firstStep = `book/${steps[0]?.name ?? ''}`;
  const onAction = async (action: AppointmentAction, appointment: ListedAppointment) => {
    if (action === 'cancel') setDialog({ targetId: appointment.id, fromLink: false });
    else if (action === 'addToCalendar')
      openPopup({ kind: 'addToCalendar', event: calendarEvent(appointment, group.id, group.timezone) });
    else if (action === 'goThere') {
      // The map of the appointment's own place (its site's address), not the group's.
      const place = placeToGo(appointment);
      if (place) navigate(link('map'), { state: mapState(place) });
    } else if (action === 'edit') {
      try {
        await fetchEditable(group.id, appointment.id);
        navigate({
          pathname: groupPath(group.urlname, firstStep),
          search: withParams(cleanSearch(search), { update_apt: String(appointment.id) }),
        });
      } catch (error) {
        openPopup({
          kind: 'alert',
          title: t('account.appointments.editImpossible'),
          message: errorKey(error),
        });
      }
    } else if (action === 'retake') {
      // The booking flow checks what is still offered (retakeError) and preselects the rest.
      navigate(
        {
          pathname: groupPath(group.urlname, firstStep),
          search: withParams(cleanSearch(search), { take_apt: String(appointment.id) }),
        },
        { state: { retake: appointment } },
      );
    }
  };

  const header = (
    <div className={styles.headerRow}>
      <PageHeader
        title={t('pages.appointments.title')}
        lead={t('account.appointments.lead', { name: group.name })}
      />
      {!scoped && steps[0] && (
        <ButtonLink to={link(`book/${steps[0].name}`)} variant="secondary" data-testid="book-button-top">
          <Icon name="calendar" />
          {t('account.appointments.book')}
        </ButtonLink>
      )}
    </div>
  );

  let content: ReactNode;
  if (!logged) {
    content = (
      <div className={styles.empty}>
        <p>{t('account.appointments.loginFirst')}</p>
        <ButtonLink to={link('login')}>{t('account.login.submit')}</ButtonLink>
      </div>
    );
  } else if (list.isPending) {
    content = <Spinner label={t('account.appointments.loading')} />;
  } else if (list.isError) {
    content = <ErrorMessage onRetry={() => void list.refetch()} />;
  } else if (group.loginProfile === 'Fiche' && linkAction) {
    // docs/requirements/accounts-and-appointments.md §4: a Fiche-profile link session shows the list only when no action is pending.
    content = null;
  } else {
    const selectedTab =
      selected !== null && tabs.some((tab) => tab.id === selected)
        ? selected
        : initialTab(tabs, appointments, now);
    const panel = (tab: PersonTab | null) => (
      <PersonAppointments
        person={tab}
        appointments={tab ? appointments.filter((a) => a.fiche.id === tab.id) : appointments}
        now={now}
        canEdit={canEdit}
        linkAction={linkAction}
        onAction={onAction}
        onVideoExpired={refresh}
        bookLink={steps[0] && !scoped ? link(`book/${steps[0].name}`) : null}
      />
    );
    content =
      tabs.length > 1 ? (
        <Tabs
          selectedKey={selectedTab ?? undefined}
          onSelectionChange={(key) => setSelected(Number(key))}
          className={tabStyles.tabs}
        >
          <TabList aria-label={t('account.appointments.people')} className={tabStyles.tabList}>
            {tabs.map((tab) => (
              <Tab key={tab.id} id={tab.id} className={tabStyles.tab} data-testid="person-tab">
                {tab.firstname || tab.lastname}
              </Tab>
            ))}
          </TabList>
          {tabs.map((tab) => (
            <TabPanel key={tab.id} id={tab.id} className={tabStyles.panel}>
              {panel(tab)}
            </TabPanel>
          ))}
        </Tabs>
      ) : (
        panel(tabs[0] ?? null)
      );
  }

  const customText = group.apptemplates?.appointments_text?.trim();
  return (
    <PageContainer narrow>
      {header}
      {content}
      {customText && <RichText className={styles.customText} text={customText} />}
      {dialog && (
        <CancelDialog
          group={group}
          appointments={appointments}
          targetId={dialog.targetId}
          fromLink={dialog.fromLink}
          onClose={() => {
            setDialog(null);
            if (dialog.fromLink) void finishLink();
          }}
        />
      )}
    </PageContainer>
  );
}

/** The tab to open first: the first person with an upcoming appointment, else the first. */
function initialTab(
  tabs: readonly PersonTab[],
  appointments: readonly ListedAppointment[],
  now: Date,
): number | null {
  const upcoming = appointments.find((a) => new Date(a.end) > now);
  return upcoming?.fiche.id ?? tabs[0]?.id ?? null;
}

/** The query string with parameters added (or replaced). */
function withParams(search: string, params: Record<string, string>): string {
  const merged = new URLSearchParams(search);
  for (const [name, value] of Object.entries(params)) merged.set(name, value);
  return `?${merged}`;
}

/** The add-to-calendar event of an appointment (the server's export data, its .ics file). */
function calendarEvent(appointment: ListedAppointment, groupId: number, timeZone: string) {
  const data = appointment.google_calendar;
  return {
    title: data?.title ?? appointment.intervention_name,
    start: appointment.start,
    end: appointment.end,
    description: data?.description,
    location: data?.location ?? appointment.location ?? undefined,
    timeZone: data?.timeZone ?? timeZone,
    icsUrl: appointmentIcsUrl(groupId, appointment.id),
  };
}

interface PersonAppointmentsProps {
  person: PersonTab | null;
  appointments: readonly ListedAppointment[];
  now: Date;
  canEdit: boolean;
  linkAction: 'cancel' | 'export' | null;
  onAction: (action: AppointmentAction, appointment: ListedAppointment) => void;
  onVideoExpired: () => void;
  bookLink: ReturnType<ReturnType<typeof useCleanLink>> | null;
}

function PersonAppointments({
  person,
  appointments,
  now,
  canEdit,
  linkAction,
  onAction,
  onVideoExpired,
  bookLink,
}: PersonAppointmentsProps) {
  const { t } = usePart('account');
  const { group } = useGroupContext();
  const { future, past } = splitByTime(cardsOf(appointments), now);
  const card = (appointment: ListedAppointment, isPast: boolean) => (
    <li key={appointment.id}>
      <AppointmentCard
        appointment={appointment}
        group={group}
        past={isPast}
        actions={actionsFor(appointment, { now, canEdit, linkAction })}
        onAction={onAction}
        onVideoExpired={onVideoExpired}
      />
    </li>
  );
  return (
    <div className={styles.sections}>
      <section aria-labelledby={`upcoming-${person?.id ?? 0}`}>
        <h2 id={`upcoming-${person?.id ?? 0}`} className={styles.sectionTitle}>
          {t('account.appointments.upcoming')}
        </h2>
        {future.length > 0 ? (
          <ul className={styles.cards} data-testid="upcoming-list">
            {future.map((a) => card(a, false))}
          </ul>
        ) : (
          <div className={styles.empty} data-testid="appointments-empty">
            <span className={styles.emptyIcon} aria-hidden="true">
              <Icon name="calendar" size={28} />
            </span>
            <p>
              {person
                ? t('account.appointments.noneFor', { name: person.firstname || person.lastname })
                : t('account.appointments.none')}
            </p>
            {bookLink && (
              <ButtonLink to={bookLink} data-testid="book-button">
                {t('account.appointments.book')}
              </ButtonLink>
            )}
          </div>
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby={`past-${person?.id ?? 0}`}>
          <h2 id={`past-${person?.id ?? 0}`} className={styles.sectionTitle}>
            {t('account.appointments.past')}
          </h2>
          <ul className={styles.cards} data-testid="past-list">
            {past.map((a) => card(a, true))}
          </ul>
        </section>
      )}
    </div>
  );
}
