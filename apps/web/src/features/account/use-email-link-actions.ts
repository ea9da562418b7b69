/**
 * What an e-mail link asks of the appointments list (docs/requirements/accounts-and-appointments.md §4):
 * `cancel_apt` opens the cancel dialog and `export_apt` the add-to-calendar popup, once the list is
 * loaded and once per visit; when the link's action is done, a session the link alone opened ends.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { ListedAppointment } from '../../api/appointments.ts';
import { logout } from '../../api/session-logout.ts';
import { useSessionToken } from '../../api/session-token.ts';
import { groupPath } from '../../app/paths.ts';
import { withoutParams } from '../../app/startup/email-link.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { useLocation, useNavigate } from '../../routing/routing.ts';
import { openPopup, usePopupStore } from '../../ui/popup-store.ts';
import { calendarEvent } from './calendar-event.ts';

/** A positive id from a query value or the session, else 0. */
const idOf = (value: unknown) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

// Link actions already handled in this visit (a re-render or a remount must not reopen them).
const handledLinks = new Set<string>();

export function useEmailLinkActions(
  list: { isSuccess: boolean; data: readonly ListedAppointment[] | undefined },
  openCancel: (target: { id: number; fiche: ListedAppointment['fiche'] | null }) => void,
) {
  const { group, session } = useGroupContext();
  const token = useSessionToken();
  const navigate = useNavigate();
  const { search } = useLocation();
  // The latest callback, without making the link's effect run again on every render.
  const openCancelRef = useRef(openCancel);
  openCancelRef.current = openCancel;
  const query = new URLSearchParams(search);
  // The session an e-mail link opened names its appointment (checked by the server): it wins over
  // the address, whose cancel_apt / export_apt may be a mere flag (`cancel_apt=1`).
  const cancelLink = idOf(session.account?.cancel_apt) || idOf(query.get('cancel_apt'));
  const exportLink = idOf(session.account?.export_apt) || idOf(query.get('export_apt'));
  const scoped =
    session.account?.id === 0 && (idOf(session.account?.cancel_apt) || idOf(session.account?.export_apt));
  const linkAction: 'cancel' | 'export' | null = idOf(session.account?.cancel_apt)
    ? 'cancel'
    : idOf(session.account?.export_apt)
      ? 'export'
      : null;

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
    if (!list.isSuccess || !list.data) return;
    if (cancelLink) {
      const key = `${token}:cancel:${cancelLink}`;
      if (handledLinks.has(key)) return;
      handledLinks.add(key);
      const target = list.data.find((a) => a.id === cancelLink);
      openCancelRef.current({ id: cancelLink, fiche: target?.fiche ?? null });
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

  return { scoped, linkAction, finishLink };
}
