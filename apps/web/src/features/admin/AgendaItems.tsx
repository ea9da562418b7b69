/**
 * What the agenda's columns hold: a closure or absence, read out with its times, and an appointment
 * — a button whose name carries the full time range, customer, service, status and mark. The print
 * sheet and the dialog name customers and blocks the same way.
 */
import type { KeyboardEvent } from 'react';
import type { AgendaAppointment, AgendaBlock, AgendaCalendar } from '../../api/admin-agenda.ts';
import { usePart } from '../../i18n/i18n.ts';
import { Icon } from '../../ui/Icon.tsx';
import styles from './admin.module.css';
import type { AgendaFormat } from './agenda-format.ts';
import type { Placed } from './agenda-layout.ts';

export function BlockItem({
  placed,
  axis,
  format,
}: {
  placed: Placed<AgendaBlock>;
  axis: { start: number; end: number };
  format: AgendaFormat;
}) {
  const { t } = usePart('admin');
  const block = placed.item;
  // Placed on the whole day; drawn on the hours of the axis.
  const span = (axis.end - axis.start) * 60;
  const top = Math.max(0, placed.start - axis.start * 60);
  const bottom = Math.min(span, placed.end - axis.start * 60);
  if (bottom <= top) return null;
  const kind = t(`admin.block.${block.kind}`);
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
      <span className="visually-hidden">{blockText(t, format, block)}</span>
    </li>
  );
}

interface AppointmentButtonProps {
  appointment: AgendaAppointment;
  calendar: AgendaCalendar;
  format: AgendaFormat;
  compact: boolean;
  short: boolean;
  ref: (element: HTMLButtonElement | null) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onOpen: (appointment: AgendaAppointment) => void;
}

/** "Camille D.": what fits a narrow block (the button's name still carries the full name). */
function shortName(appointment: AgendaAppointment): string {
  const { firstname, lastname } = appointment.customer;
  return firstname && lastname ? `${firstname} ${lastname.charAt(0)}.` : customerName(appointment);
}

export function customerName(appointment: AgendaAppointment): string {
  return `${appointment.customer.firstname} ${appointment.customer.lastname}`.trim();
}

export function AppointmentButton({
  appointment,
  calendar,
  format,
  compact,
  short,
  ref,
  onKeyDown,
  onOpen,
}: AppointmentButtonProps) {
  const { t } = usePart('admin');
  const cancelled = appointment.status === 'cancelled';
  const start = format.time(appointment.starts_local);
  const end = format.time(appointment.ends_local);
  // The button is named by its content: what shows, plus hidden words (the end time, the calendar,
  // separators) where the block is too small, so the name always carries the full range.
  const hidden = (text: string) => <span className="visually-hidden">{text}</span>;
  const attendance = appointment.attendance ? t(`admin.attendance.${appointment.attendance}`) : null;
  return (
    <button
      ref={ref}
      type="button"
      className={[
        styles.appointment,
        cancelled && styles.cancelled,
        compact && styles.compact,
        short && styles.short,
        appointment.attendance === 'arrived' && styles.arrived,
        appointment.attendance === 'no_show' && styles.noShow,
      ]
        .filter(Boolean)
        .join(' ')}
      onClick={() => onOpen(appointment)}
      onKeyDown={onKeyDown}
      data-testid="agenda-appointment"
      data-appointment-id={appointment.id}
    >
      {/* A narrow, short block has room for one word: the name (its place on the axis gives the time). */}
      {!(compact && short) && (
        <span className={styles.aptTime} aria-hidden="true">
          {compact || short ? start : `${start}–${end}`}
        </span>
      )}
      {hidden(t('admin.appointment.range', { start, end }))}
      {hidden(', ')}
      {compact ? (
        <>
          <span className={styles.aptCustomer} aria-hidden="true">
            {shortName(appointment)}
          </span>
          {hidden(customerName(appointment))}
        </>
      ) : (
        <span className={styles.aptCustomer}>{customerName(appointment)}</span>
      )}
      {hidden(', ')}
      {short ? (
        hidden(appointment.intervention_name)
      ) : (
        <span className={styles.aptService}>{appointment.intervention_name}</span>
      )}
      {hidden(`, ${calendar.name}`)}
      <span className={styles.aptBadges}>
        {cancelled && (
          <span className={styles.badgeCancelled}>
            {hidden(', ')}
            {t('admin.status.cancelled')}
          </span>
        )}
        {attendance && (
          <span
            className={appointment.attendance === 'arrived' ? styles.badgeArrived : styles.badgeNoShow}
            data-testid={appointment.attendance === 'arrived' ? 'badge-arrived' : 'badge-no-show'}
          >
            <Icon name={appointment.attendance === 'arrived' ? 'check' : 'close'} size={12} />
            {hidden(', ')}
            {compact ? hidden(attendance) : attendance}
          </span>
        )}
        {appointment.staff_note && hidden(`, ${t('admin.appointment.hasNote')}`)}
      </span>
    </button>
  );
}

/** A closure, absence or extra opening read out: its kind, its times and its label. */
export function blockText(
  t: (key: string, values?: Record<string, string>) => string,
  format: AgendaFormat,
  block: AgendaBlock,
): string {
  const spoken = t('admin.block.spoken', {
    kind: t(`admin.block.${block.kind}`),
    start: format.time(block.starts_local),
    end: format.time(block.ends_local),
  });
  const label = block.label?.trim();
  return label ? `${spoken}: ${label}` : spoken;
}
