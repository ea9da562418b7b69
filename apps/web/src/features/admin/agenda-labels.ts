/**
 * The agenda's words, read once for the whole board: a week holds thousands of appointments, and
 * a translation hook in each would subscribe each one to the language. The board, the print sheet
 * and the blocks share these, so an appointment and a closure are named the same everywhere.
 */
import { useMemo } from 'react';
import type { AgendaAppointment, AgendaBlock } from '../../api/admin-agenda.ts';
import { usePart } from '../../i18n/i18n.ts';
import type { AgendaFormat } from './agenda-format.ts';

export interface AgendaLabels {
  /** "09:30" from "YYYY-MM-DDTHH:MM" (format.time, remembered per time of day). */
  time: (local: string) => string;
  /** The button's name: full time range, customer, service, calendar, status, mark, booked with others, note. */
  appointment: (appointment: AgendaAppointment, calendarName: string) => string;
  /** "Closed", "Absent", "Extra opening". */
  blockKind: (kind: AgendaBlock['kind']) => string;
  /** A closure, absence or extra opening read out: its kind, its times and its label. */
  block: (block: AgendaBlock) => string;
  cancelled: string;
  attendance: Record<NonNullable<AgendaAppointment['attendance']>, string>;
  /** The tag of a resource's column heading. */
  resourceTag: string;
  /** Said for a column without appointments. */
  empty: string;
  /** The name of a column's free-place button: its time, calendar and day. */
  freePlace: (time: string, calendar: string, day: string) => string;
}

/** Booked with others: one of a pack's appointments, or one of consecutive appointments. */
export function isLinked(appointment: Pick<AgendaAppointment, 'pack_id' | 'parent_id'>): boolean {
  return appointment.pack_id !== null || appointment.parent_id !== null;
}

export function customerName(appointment: AgendaAppointment): string {
  return `${appointment.customer.firstname} ${appointment.customer.lastname}`.trim();
}

export function useAgendaLabels(format: AgendaFormat): AgendaLabels {
  const { t } = usePart('admin');
  return useMemo(() => {
    const cancelled = t('admin.status.cancelled');
    const attendance = { arrived: t('admin.attendance.arrived'), no_show: t('admin.attendance.no_show') };
    const hasNote = t('admin.appointment.hasNote');
    const together = t('admin.appointment.together');
    const blockKind = (kind: AgendaBlock['kind']) => t(`admin.block.${kind}`);
    // The range's words are read once with markers in place of the times, then filled per block:
    // thousands of appointments then cost string joins, not translation lookups.
    // A week repeats a few dozen times of day thousands of times: each is formatted once.
    const times = new Map<string, string>();
    const time = (local: string) => {
      const clock = local.slice(11, 16);
      let text = times.get(clock);
      if (text === undefined) {
        text = format.time(local);
        times.set(clock, text);
      }
      return text;
    };
    const template = t('admin.appointment.range', { start: '\u0001', end: '\u0002' });
    const range = (start: string, end: string) => template.replace('\u0001', start).replace('\u0002', end);
    return {
      time,
      cancelled,
      attendance,
      resourceTag: t('admin.calendars.resource'),
      empty: t('admin.empty'),
      freePlace: (time, calendar, day) => t('admin.walkin.freePlace', { time, calendar, day }),
      blockKind,
      appointment: (appointment, calendarName) => {
        const parts = [
          range(time(appointment.starts_local), time(appointment.ends_local)),
          customerName(appointment),
          appointment.intervention_name,
          calendarName,
        ];
        if (appointment.status === 'cancelled') parts.push(cancelled);
        if (appointment.attendance) parts.push(attendance[appointment.attendance]);
        if (isLinked(appointment)) parts.push(together);
        if (appointment.staff_note) parts.push(hasNote);
        return parts.join(', ');
      },
      block: (block) => {
        const spoken = t('admin.block.spoken', {
          kind: blockKind(block.kind),
          start: time(block.starts_local),
          end: time(block.ends_local),
        });
        const label = block.label?.trim();
        return label ? `${spoken}: ${label}` : spoken;
      },
    };
  }, [t, format]);
}
