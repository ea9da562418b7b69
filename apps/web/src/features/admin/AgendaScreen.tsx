/**
 * The agenda (docs/back-office.md "Agenda"): a day or a week of the calendars the person works on,
 * paged by day or week, with a date field, a calendar filter, the print sheet and the appointment
 * dialog. All times are the group's wall-clock times as the server sends them; "today" and "now"
 * are read in the group's zone.
 */
import { useEffect, useId, useState } from 'react';
import type { AgendaAppointment } from '../../api/admin-agenda.ts';
import type { Membership } from '../../api/admin-membership.ts';
import { useSessionToken } from '../../api/session-token.ts';
import { ErrorMessage } from '../../app/group/ErrorMessage.tsx';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { useLocation } from '../../routing/routing.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AgendaBoard } from './AgendaBoard.tsx';
import { AgendaLiveStatus } from './AgendaLiveStatus.tsx';
import { AgendaToolbar } from './AgendaToolbar.tsx';
import { AppointmentDialog } from './AppointmentDialog.tsx';
import styles from './admin.module.css';
import { useAgendaFormat } from './agenda-format.ts';
import { defaultPlace } from './agenda-grid.ts';
import { type AgendaView, browserTimeZone, linkedDate } from './agenda-layout.ts';
import { CalendarFilter } from './CalendarFilter.tsx';
import { PrintSheet } from './PrintSheet.tsx';
import { ScreenTitle } from './ScreenTitle.tsx';
import { useAgendaData } from './use-agenda-data.ts';
import { usePrintSheet } from './use-print-sheet.ts';
import { useZonedNow } from './use-zoned-now.ts';
import { type FreePlace, WalkInDialog } from './WalkInDialog.tsx';

/**
 * Phones and tablets start on a day: a week of columns leaves blocks too small to read or to touch.
 * lg 960 (docs/web-app.md breakpoints); the week stays one tap away.
 */
const initialView = (): AgendaView =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 959px)').matches ? 'day' : 'week';

export function AgendaScreen({ membership }: { membership: Membership }) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const format = useAgendaFormat();
  const headingId = useId();
  const rangeId = useId();
  const [view, setView] = useState<AgendaView>(initialView);
  const [together, setTogether] = useState(false);
  const [timeZone, setTimeZone] = useState(group.timezone);
  const now = useZonedNow(timeZone);
  // A link may name the day to open (`?date=YYYY-MM-DD`): the business's mails and the absences
  // screen point at the day an appointment is on.
  const { search } = useLocation();
  const [anchor, setAnchor] = useState(() => linkedDate(search) ?? now.date);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [openId, setOpenId] = useState<number | null>(null);
  const [walkIn, setWalkIn] = useState<FreePlace | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusId, setFocusId] = useState<number | null>(null);
  const printSheet = usePrintSheet();

  const canBook = membership.rights.includes('appointment.book');
  const canMove = membership.rights.includes('appointment.manage');
  const { from, days, agenda, data, calendars, visible, bookable, axis } = useAgendaData({
    groupId: group.id,
    token,
    view,
    anchor,
    hidden,
    bookingGrid: canBook || canMove,
  });

  // The server's zone wins over the group's configuration for "now" (they are the same zone).
  useEffect(() => {
    if (data?.time_zone && data.time_zone !== timeZone) setTimeZone(data.time_zone);
  }, [data?.time_zone, timeZone]);

  const open = data?.appointments.find((a) => a.id === openId) ?? null;
  const canMark = membership.rights.includes('appointment.mark');
  const canOverride = membership.rights.includes('appointment.override');
  // A new booking gets the focus once the agenda read again shows it.
  useEffect(() => {
    if (focusId === null) return;
    const button = document.querySelector<HTMLElement>(`[data-appointment-id="${focusId}"]`);
    if (button) {
      button.focus();
      setFocusId(null);
    }
  });
  const onBooked = (appointment: AgendaAppointment) => {
    setWalkIn(null);
    const day = appointment.starts_local.slice(0, 10);
    if (!days.includes(day)) setAnchor(day);
    setAnnouncement(
      t('admin.walkin.booked', {
        name: `${appointment.customer.firstname} ${appointment.customer.lastname}`.trim(),
        time: format.time(appointment.starts_local),
        day: format.longDate(day),
      }),
    );
    setFocusId(appointment.id);
  };
  const rangeLabel =
    view === 'week' ? format.range(days[0] ?? from, days[days.length - 1] ?? from) : format.longDate(from);
  const differentZone = timeZone !== browserTimeZone();

  const toggleCalendar = (id: number) =>
    setHidden((was) => {
      const next = new Set(was);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className={styles.screen}>
      <ScreenTitle id={headingId} title={t('admin.title')}>
        <span className={styles.roleBadge} data-testid="admin-role">
          <Icon name="user" size={16} />
          {t(`admin.role.${membership.role}`)}
        </span>
        {canBook && bookable.length > 0 && (
          <Button
            onClick={() => setWalkIn(defaultPlace(bookable[0]?.id ?? 0, days, now, axis))}
            data-testid="agenda-new-appointment"
          >
            <Icon name="calendar" />
            {t('admin.walkin.new')}
          </Button>
        )}
        <Button variant="secondary" onClick={printSheet.print} data-testid="admin-print">
          <Icon name="list" />
          {t('admin.print')}
        </Button>
      </ScreenTitle>

      <AgendaToolbar
        view={view}
        onView={setView}
        anchor={anchor}
        onAnchor={setAnchor}
        today={now.date}
        together={together}
        onTogether={setTogether}
        canJoin={visible.length > 1}
      />

      <div className={styles.subbar}>
        <h2 id={rangeId} className={styles.range} aria-live="polite" data-testid="agenda-range">
          {rangeLabel}
        </h2>
        {differentZone && (
          <p className={styles.zone} data-testid="agenda-zone">
            <Icon name="globe" size={16} />
            {t('admin.timeZone', { zone: format.zoneName(timeZone) })}
          </p>
        )}
        {agenda.isFetching && data && <span className={styles.refreshing}>{t('admin.loading')}</span>}
        <AgendaLiveStatus />
      </div>

      {calendars.length > 1 && (
        <CalendarFilter calendars={calendars} hidden={hidden} onToggle={toggleCalendar} />
      )}

      {agenda.isPending ? (
        <Spinner label={t('admin.loading')} />
      ) : agenda.isError || !data ? (
        <ErrorMessage onRetry={() => void agenda.refetch()} />
      ) : visible.length === 0 ? (
        <p className={styles.emptyFilter}>{t('admin.calendars.none')}</p>
      ) : (
        <>
          <p className={styles.hint}>
            {[
              t('admin.keyboardHint'),
              canBook && bookable.length > 0 ? t('admin.walkin.hint') : null,
              canMove ? t('admin.drag.hint') : null,
            ]
              .filter(Boolean)
              .join(' ')}
          </p>
          <AgendaBoard
            groupId={group.id}
            view={view}
            together={together && visible.length > 1}
            days={days}
            calendars={visible}
            appointments={data.appointments}
            blocks={data.blocks}
            axis={axis}
            now={now}
            labelledBy={`${headingId} ${rangeId}`}
            canBook={canBook}
            canMove={canMove}
            announcement={announcement}
            onOpen={(appointment) => setOpenId(appointment.id)}
            onFreePlace={setWalkIn}
          />
        </>
      )}

      {data && printSheet.printing && (
        <PrintSheet
          groupName={group.name}
          days={days}
          calendars={visible}
          appointments={data.appointments}
          blocks={data.blocks}
        />
      )}

      {walkIn && (
        <WalkInDialog
          groupId={group.id}
          token={token}
          calendars={bookable}
          place={walkIn}
          canOverride={canOverride}
          onClose={() => setWalkIn(null)}
          onBooked={onBooked}
        />
      )}

      {open && (
        <AppointmentDialog
          appointment={open}
          calendars={calendars}
          canMark={canMark}
          canManage={membership.rights.includes('appointment.manage')}
          onMoved={(startsLocal) => setAnchor(startsLocal.slice(0, 10))}
          onClose={() => setOpenId(null)}
        />
      )}
    </div>
  );
}
