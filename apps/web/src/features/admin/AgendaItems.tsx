/**
 * What the agenda's columns hold: a closure or absence, read out with its times, and an appointment
 * — a button whose name carries the full time range, customer, service, status and mark. The print
 * sheet and the dialog name customers and blocks the same way.
 */
import { type KeyboardEvent, memo, type PointerEvent } from 'react';
import type { AgendaAppointment, AgendaBlock } from '../../api/admin-agenda.ts';
import { Icon } from '../../ui/Icon.tsx';
import styles from './admin.module.css';
import { type AgendaLabels, customerName, isLinked } from './agenda-labels.ts';
import type { Placed } from './agenda-layout.ts';
import board from './board.module.css';

export { customerName };

export function BlockItem({
  placed,
  axis,
  labels,
}: {
  placed: Placed<AgendaBlock>;
  axis: { start: number; end: number };
  labels: AgendaLabels;
}) {
  const block = placed.item;
  // Placed on the whole day; drawn on the hours of the axis.
  const span = (axis.end - axis.start) * 60;
  const top = Math.max(0, placed.start - axis.start * 60);
  const bottom = Math.min(span, placed.end - axis.start * 60);
  if (bottom <= top) return null;
  const kind = labels.blockKind(block.kind);
  const label = block.label?.trim();
  return (
    <li
      className={[styles.block, block.kind === 'opening' ? styles.opening : styles.closed].join(' ')}
      style={{ top: `${(top / span) * 100}%`, height: `${((bottom - top) / span) * 100}%` }}
      data-testid="agenda-block"
    >
      <span aria-hidden="true" className={styles.blockLabel}>
        {label ? `${kind} · ${label}` : kind}
      </span>
      <span className="visually-hidden">{labels.block(block)}</span>
    </li>
  );
}

interface AppointmentButtonProps {
  appointment: AgendaAppointment;
  calendarName: string;
  labels: AgendaLabels;
  compact: boolean;
  /** Room for the service's line (the day view); the name of the button always carries it. */
  withService: boolean;
  /** A line with the calendar's name, for a column that holds several calendars. */
  withCalendar?: boolean;
  short: boolean;
  draggable: boolean;
  column: number;
  index: number;
  register: (key: string, element: HTMLButtonElement | null) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, column: number, index: number) => void;
  onPointerDown: (
    event: PointerEvent<HTMLButtonElement>,
    appointment: AgendaAppointment,
    column: number,
  ) => void;
  onOpen: (appointment: AgendaAppointment) => void;
}

/** "Camille D.": what fits a narrow block (the button's name still carries the full name). */
function shortName(appointment: AgendaAppointment): string {
  const { firstname, lastname } = appointment.customer;
  return firstname && lastname ? `${firstname} ${lastname.charAt(0)}.` : customerName(appointment);
}

/**
 * One appointment of a column. A week holds thousands: the block is a few elements named by one
 * hidden sentence (its visible words are a shortened copy of it, hidden from screen readers), and
 * it re-renders only when its own props change.
 */
export const AppointmentButton = memo(function AppointmentButton({
  appointment,
  calendarName,
  labels,
  compact,
  withService,
  withCalendar = false,
  short,
  draggable,
  column,
  index,
  register,
  onKeyDown,
  onPointerDown,
  onOpen,
}: AppointmentButtonProps) {
  const cancelled = appointment.status === 'cancelled';
  const start = labels.time(appointment.starts_local);
  const end = labels.time(appointment.ends_local);
  const attendance = appointment.attendance;
  // A pack's or consecutive appointments: a link mark, and said in the name.
  const linked = isLinked(appointment);
  const key = `${column}:${index}`;
  return (
    <button
      ref={(element) => register(key, element)}
      type="button"
      className={[
        styles.appointment,
        cancelled && styles.cancelled,
        compact && styles.compact,
        short && styles.short,
        attendance === 'arrived' && styles.arrived,
        attendance === 'no_show' && styles.noShow,
        draggable && !cancelled && board.draggable,
      ]
        .filter(Boolean)
        .join(' ')}
      onClick={() => onOpen(appointment)}
      onKeyDown={(event) => onKeyDown(event, column, index)}
      onPointerDown={
        draggable && !cancelled ? (event) => onPointerDown(event, appointment, column) : undefined
      }
      data-testid="agenda-appointment"
      data-appointment-id={appointment.id}
    >
      {/* The name is one full sentence (labels.appointment), not the shortened words on screen: as
          content rather than an aria-label, so that the name is what the block contains. */}
      <span className="visually-hidden">{labels.appointment(appointment, calendarName)}</span>
      {/* The visible words, each hidden from screen readers (no wrapper: a week draws thousands). */}
      {/* A narrow, short block has room for one word: the name (its place on the axis gives the time). */}
      {!(compact && short) && (
        <span aria-hidden="true" className={styles.aptTime}>
          {compact || short ? start : `${start}–${end}`}
        </span>
      )}
      <span aria-hidden="true" className={styles.aptCustomer}>
        {compact ? shortName(appointment) : customerName(appointment)}
      </span>
      {/* One line for what and who: a block of an hour has room for three. */}
      {(withService || withCalendar) && !short && (
        <span aria-hidden="true" className={styles.aptService}>
          {withService && appointment.intervention_name}
          {withService && withCalendar && ' · '}
          {withCalendar && <span className={styles.aptCalendar}>{calendarName}</span>}
        </span>
      )}
      {(cancelled || attendance || linked) && (
        <span aria-hidden="true" className={styles.aptBadges}>
          {linked && (
            <span className={styles.badgeLinked} data-testid="badge-linked">
              <Icon name="link" size={12} />
            </span>
          )}
          {cancelled && <span className={styles.badgeCancelled}>{labels.cancelled}</span>}
          {attendance && (
            <span
              className={attendance === 'arrived' ? styles.badgeArrived : styles.badgeNoShow}
              data-testid={attendance === 'arrived' ? 'badge-arrived' : 'badge-no-show'}
            >
              <Icon name={attendance === 'arrived' ? 'check' : 'close'} size={12} />
              {!compact && labels.attendance[attendance]}
            </span>
          )}
        </span>
      )}
    </button>
  );
});

export interface ColumnAppointmentsProps
  extends Pick<
    AppointmentButtonProps,
    'calendarName' | 'labels' | 'draggable' | 'column' | 'register' | 'onKeyDown' | 'onPointerDown' | 'onOpen'
  > {
  appointments: readonly Placed<AgendaAppointment>[];
  view: 'day' | 'week';
  /** For a column of several calendars: each appointment's calendar, named on it. */
  calendarNames: ReadonlyMap<number, string> | null;
}

/**
 * A column's appointments, placed in their lanes. Memoised as a whole: when the board draws more
 * columns, or one column changes, the others' hundreds of items are not visited again.
 */
export const ColumnAppointments = memo(function ColumnAppointments({
  appointments,
  view,
  calendarNames,
  calendarName,
  ...button
}: ColumnAppointmentsProps) {
  return appointments.map((placed, index) => {
    const narrow = view === 'week' || placed.lanes > 1;
    return (
      <li
        key={placed.item.id}
        className={styles.slot}
        style={{
          top: `${placed.top}%`,
          height: `${placed.height}%`,
          left: `${(placed.lane / placed.lanes) * 100}%`,
          width: `${100 / placed.lanes}%`,
        }}
      >
        <AppointmentButton
          appointment={placed.item}
          compact={narrow}
          // A week's columns are a name wide: the service would be a few letters.
          withService={view === 'day'}
          short={placed.end - placed.start < (narrow ? 35 : 40)}
          calendarName={calendarNames?.get(placed.item.calendar_id) ?? calendarName}
          withCalendar={calendarNames !== null}
          index={index}
          {...button}
        />
      </li>
    );
  });
});
