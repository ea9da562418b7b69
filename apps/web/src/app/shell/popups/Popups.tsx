/**
 * The popups of docs/requirements/accounts-and-appointments.md §2, loaded on first use (they are not needed to show a page). One popup
 * at a time, from the popup store.
 */
import { useState } from 'react';
import type { Group } from '../../../api/group.ts';
import type { Session } from '../../../api/session-current.ts';
import { useLogout } from '../../../api/session-logout.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { appConfig } from '../../../lib/config.ts';
import { useFormatters } from '../../../lib/formatters.ts';
import { useNavigate } from '../../../routing/routing.ts';
import { Button, ButtonAnchor } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { useNotificationText } from '../../../ui/NotificationBar.tsx';
import { notify } from '../../../ui/notification-store.ts';
import { closePopup, type Popup } from '../../../ui/popup-store.ts';
import { RichText } from '../../../ui/RichText.tsx';
import { groupPath, useKeepQuery } from '../../paths.ts';
import { buildIcs, googleCalendarUrl } from './calendar-links.ts';
import { alertCloseReload, logoutDestination } from './close-rules.ts';
import styles from './Popups.module.css';

interface PopupsProps {
  popup: Popup;
  group: Group | null;
  session: Session | null;
  steps: readonly string[];
}

export function Popups({ popup, group, session, steps }: PopupsProps) {
  switch (popup.kind) {
    case 'alert':
      return <AlertPopup popup={popup} />;
    case 'details':
      return <DetailsPopup popup={popup} />;
    case 'addToCalendar':
      return <AddToCalendarPopup popup={popup} />;
    case 'proLogout':
      return <ProLogoutPopup />;
    case 'logout':
      return <LogoutPopup group={group} session={session} steps={steps} />;
  }
}

function AlertPopup({ popup }: { popup: Extract<Popup, { kind: 'alert' }> }) {
  const { t } = useTranslation();
  const text = useNotificationText();
  const close = () => {
    closePopup();
    const reload = alertCloseReload(window.location.href);
    if (reload) window.location.replace(reload);
  };
  return (
    <Dialog
      title={popup.title ?? t('popups.alert.title')}
      onClose={close}
      role="alertdialog"
      dismissable={false}
      testId="popup-alert"
      actions={<Button onClick={close}>{t('common.ok')}</Button>}
    >
      <p>{text(popup.message, popup.values)}</p>
    </Dialog>
  );
}

function DetailsPopup({ popup }: { popup: Extract<Popup, { kind: 'details' }> }) {
  const { t } = useTranslation();
  const { item } = popup;
  return (
    <Dialog
      title={item.title}
      onClose={closePopup}
      testId="popup-details"
      actions={
        <Button variant="secondary" onClick={closePopup}>
          {t('common.close')}
        </Button>
      }
    >
      {item.image && <img className={styles.detailsImage} src={item.image} alt="" />}
      {item.description ? (
        <RichText text={item.description} />
      ) : (
        <p className={styles.muted}>{t('popups.details.noDescription')}</p>
      )}
    </Dialog>
  );
}

function AddToCalendarPopup({ popup }: { popup: Extract<Popup, { kind: 'addToCalendar' }> }) {
  const { t } = useTranslation();
  const { event } = popup;
  const format = useFormatters(event.timeZone);
  const icsHref =
    event.icsUrl ??
    `data:text/calendar;charset=utf-8,${encodeURIComponent(buildIcs(event, `${event.start}@creneau`))}`;
  return (
    <Dialog title={t('popups.addToCalendar.title')} onClose={closePopup} testId="popup-add-to-calendar">
      <p className={styles.eventTitle}>{event.title}</p>
      <p className={styles.muted}>{format.dateTime(event.start)}</p>
      <div className={styles.calendarChoices}>
        <ButtonAnchor
          variant="secondary"
          block
          href={googleCalendarUrl(event)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <Icon name="calendar" />
          {t('popups.addToCalendar.google')}
          <span className="visually-hidden"> {t('common.newTab')}</span>
        </ButtonAnchor>
        <ButtonAnchor variant="secondary" block href={icsHref} download="appointment.ics">
          <Icon name="calendarCheck" />
          {t('popups.addToCalendar.ics')}
        </ButtonAnchor>
      </div>
    </Dialog>
  );
}

function ProLogoutPopup() {
  const { t } = useTranslation();
  const logout = useLogout();
  // The page reloads whatever the answer: the session's data is gone from this browser either way.
  const confirm = () => logout.mutate(undefined, { onSettled: () => window.location.reload() });
  return (
    <Dialog
      title={t('popups.proLogout.title')}
      onClose={closePopup}
      role="alertdialog"
      dismissable={false}
      testId="popup-pro-logout"
      actions={
        <>
          <Button variant="secondary" onClick={closePopup}>
            {t('common.cancel')}
          </Button>
          <Button onClick={confirm} disabled={logout.isPending}>
            {t('common.ok')}
          </Button>
        </>
      }
    >
      <p>{t('popups.proLogout.text')}</p>
    </Dialog>
  );
}

function LogoutPopup({
  group,
  session,
  steps,
}: {
  group: Group | null;
  session: Session | null;
  steps: readonly string[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keep = useKeepQuery();
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const destination = logoutDestination(group, session);
    let ssoLogout = false;
    try {
      ssoLogout = (await logout.mutateAsync()).sso_logout === true;
    } catch {
      // The local token is gone whatever the server said; the visitor is logged out here.
    }
    closePopup();
    // A single sign-on session also ends at the provider, which then sends the visitor to /disconnected.
    if (ssoLogout && group)
      window.location.assign(`${appConfig.apiBase}/auth/sso/${encodeURIComponent(group.urlname)}/logout`);
    else if (destination === 'disconnected') navigate(keep('/disconnected'));
    else if (destination === 'inactive' && group)
      navigate(keep('/inactive'), {
        state: {
          group: { urlname: group.urlname, name: group.name, phone: group.phone ?? null },
          reason: 'unauthorized',
        },
      });
    else if (group)
      navigate(
        keep(groupPath(group.urlname, destination === 'firstStep' ? `book/${steps[0] ?? ''}` : 'login')),
      );
    notify('loggedOut', { tone: 'success' });
  };
  return (
    <Dialog
      title={t('popups.logout.title')}
      onClose={closePopup}
      role="alertdialog"
      testId="popup-logout"
      actions={
        <>
          <Button variant="secondary" onClick={closePopup}>
            {t('common.no')}
          </Button>
          <Button onClick={confirm} disabled={busy}>
            {t('popups.logout.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('popups.logout.text')}</p>
    </Dialog>
  );
}
