/**
 * What the agenda screen shows (docs/back-office.md "Agenda"): the days of the day or week around
 * the anchor, the agenda read for them, the calendars the filter leaves visible, and the hours of
 * the axis, fitted to what is shown (with room to book and move for those who may).
 */
import { startOfIsoWeek } from '@creneau/core/validation/calendar-date';
import { useMemo } from 'react';
import { useAgenda } from '../../api/admin-agenda.ts';
import { bookingAxis } from './agenda-grid.ts';
import type { AgendaView } from './agenda-layout.ts';
import { dayList, hourRange } from './agenda-layout.ts';

export function useAgendaData({
  groupId,
  token,
  view,
  anchor,
  hidden,
  bookingGrid,
}: {
  groupId: number;
  token: string | null;
  view: AgendaView;
  /** A day of the day or week shown. */
  anchor: string;
  /** The calendars the filter hides. */
  hidden: ReadonlySet<number>;
  /** Those who book or move get the booking axis (agenda-grid.ts `bookingAxis`). */
  bookingGrid: boolean;
}) {
  const from = view === 'week' ? startOfIsoWeek(anchor) : anchor;
  const count = view === 'week' ? 7 : 1;
  const days = useMemo(() => dayList(from, count), [from, count]);
  // Every calendar is asked once and the filter hides columns here: switching calendars on and
  // off then costs no call, and the filter keeps listing the calendars hidden.
  const agenda = useAgenda(groupId, token, { from, days: count, calendarIds: null }, true);
  const data = agenda.data;
  const calendars = useMemo(() => data?.calendars ?? [], [data]);
  const visible = useMemo(() => calendars.filter((c) => !hidden.has(c.id)), [calendars, hidden]);
  const axis = useMemo(() => {
    const shown = new Set(visible.map((c) => c.id));
    const spans = [
      ...(data?.appointments ?? []).filter(
        (a) => shown.has(a.calendar_id) || (a.resource_id !== null && shown.has(a.resource_id)),
      ),
      ...(data?.blocks ?? []).filter((b) => b.kind === 'opening' && shown.has(b.calendar_id)),
    ];
    const fitted = hourRange(spans, days);
    return bookingGrid ? bookingAxis(fitted) : fitted;
  }, [data, visible, days, bookingGrid]);
  const bookable = useMemo(() => visible.filter((c) => !c.resource), [visible]);
  return { from, days, agenda, data, calendars, visible, bookable, axis };
}
