/**
 * What a drop on the agenda board does (docs/back-office.md "Appointment detail"): asks the server
 * to move the appointment to the column's day at the time dropped on — to the column's calendar when
 * that is another one — and keeps the notice that says how it went, until dismissed or the next drop.
 */
import { useState } from 'react';
import { useMoveAppointment } from '../../api/admin-actions.ts';
import type { AgendaAppointment, AgendaCalendar } from '../../api/admin-agenda.ts';
import { usePart } from '../../i18n/i18n.ts';
import { customerName } from './AgendaItems.tsx';
import type { AgendaColumnModel } from './agenda-columns.ts';
import type { AgendaFormat } from './agenda-format.ts';
import { localOf, wallClockOf } from './agenda-grid.ts';
import type { DropTarget } from './use-board-drag.ts';
import { refusalText } from './WalkInDialog.tsx';
import { moveRefusal } from './walkin-errors.ts';

export interface MoveNotice {
  kind: 'error' | 'done';
  text: string;
}

export function useDropMove({
  groupId,
  columns,
  calendars,
  format,
}: {
  groupId: number;
  columns: readonly AgendaColumnModel[];
  calendars: readonly AgendaCalendar[];
  format: AgendaFormat;
}) {
  const { t, i18n } = usePart('admin');
  const move = useMoveAppointment(groupId);
  const [notice, setNotice] = useState<MoveNotice | null>(null);
  const calendarName = (id: number) => calendars.find((c) => c.id === id)?.name;

  const drop = async (appointment: AgendaAppointment, target: DropTarget) => {
    const column = columns[target.column];
    if (!column) return;
    // Dropped on a resource, or on the calendars together, an appointment keeps its calendar.
    const calendarId = column.calendar.resource || column.together ? undefined : column.calendar.id;
    const otherCalendar = calendarId !== undefined && calendarId !== appointment.calendar_id;
    setNotice(null);
    try {
      await move.mutateAsync({
        appointmentId: appointment.id,
        start: wallClockOf(column.day, target.minute),
        ...(otherCalendar ? { calendarId } : {}),
      });
      setNotice({
        kind: 'done',
        text: t('admin.drag.moved', {
          name: customerName(appointment),
          time: format.time(localOf(column.day, target.minute)),
          day: format.mediumDate(column.day),
          calendar: otherCalendar ? column.calendar.name : (calendarName(appointment.calendar_id) ?? ''),
        }),
      });
    } catch (error) {
      setNotice({
        kind: 'error',
        text: refusalText(
          t,
          moveRefusal(error, (key) => i18n.exists(key)),
        ),
      });
    }
  };

  return { notice, dismiss: () => setNotice(null), drop };
}
