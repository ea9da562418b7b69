/**
 * /{urlname}/appointments (docs/requirements/accounts-and-appointments.md §2 appointments list, §4): one tab per person, upcoming
 * appointments then past ones (one year back), each with its menu — cancel, edit, retake, add to
 * calendar, go there — and the video button for video consultations; an empty state with a book
 * button; the group's custom text. E-mail links land here: cancel_apt opens the cancel dialog and
 * export_apt the add-to-calendar popup once the list is loaded.
 */
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components/Tabs';
import { canChangeAppointments } from '../../api/api-generation.ts';
import { fetchEditable } from '../../api/appointment-editable.ts';
import { type ListedAppointment, useAppointments } from '../../api/appointments.ts';
import { useFiches } from '../../api/fiches.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useSessionToken } from '../../api/session-token.ts';
import { ErrorMessage } from '../../app/group/ErrorMessage.tsx';
import { mapState, placeToGo } from '../../app/map-place.ts';
import { groupPath } from '../../app/paths.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { useQueryClient } from '../../query/query.ts';
import { useLocation, useNavigate } from '../../routing/routing.ts';
import type { AppointmentAction } from '../../ui/appointments/AppointmentCard.tsx';
import { errorKey } from '../../ui/auth/error-key.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageContainer, PageHeader } from '../../ui/Page.tsx';
import { openPopup } from '../../ui/popup-store.ts';
import { RichText } from '../../ui/RichText.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import tabStyles from '../../ui/Tabs.module.css';
import { CancelDialog } from '../appointments/CancelDialog.tsx';
import styles from './AppointmentsPage.module.css';
import { cleanSearch, useCleanLink } from './account-navigation.ts';
import { type PersonTab, personTabs } from './appointment-list.ts';
import { calendarEvent } from './calendar-event.ts';
import { PersonAppointments } from './PersonAppointments.tsx';
import { useEmailLinkActions } from './use-email-link-actions.ts';

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

  const { scoped, linkAction, finishLink } = useEmailLinkActions(list, (target) => {
    if (target.fiche) setSelected(target.fiche.id);
    setDialog({ targetId: target.id, fromLink: true });
  });
  const canEdit = canChangeAppointments(group) && (session.account?.id ?? 0) > 0;
  const appointments = list.data ?? [];
  const tabs = useMemo(() => personTabs(fiches.data ?? [], appointments), [fiches.data, appointments]);

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
