/**
 * A column's "new appointment" control (docs/back-office.md "Booking from the agenda"): the
 * keyboard's way to a free place, drawn at its quarter hour and named with the time, calendar and
 * day; the arrow keys, Home and End change its time (use-free-places.ts), Enter opens the dialog.
 */
import type { KeyboardEvent } from 'react';
import type { AgendaCalendar } from '../../api/admin-agenda.ts';
import type { AgendaFormat } from './agenda-format.ts';
import { type Axis, localOf, percentOfMinute, SNAP_MINUTES } from './agenda-grid.ts';
import type { AgendaLabels } from './agenda-labels.ts';
import board from './board.module.css';

export function FreePlaceButton({
  day,
  minute,
  calendar,
  axis,
  hintId,
  format,
  labels,
  onKeyDown,
  onClick,
}: {
  day: string;
  minute: number;
  /** The calendar it books on. */
  calendar: AgendaCalendar;
  axis: Axis;
  /** The id of the hint that says how the keys move it. */
  hintId: string;
  format: AgendaFormat;
  labels: AgendaLabels;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={board.freePlace}
      style={{
        top: `${percentOfMinute(minute, axis)}%`,
        height: `${(SNAP_MINUTES / ((axis.end - axis.start) * 60)) * 100}%`,
      }}
      aria-label={labels.freePlace(format.time(localOf(day, minute)), calendar.name, format.mediumDate(day))}
      aria-describedby={hintId}
      onKeyDown={onKeyDown}
      onClick={onClick}
      data-testid="agenda-free-place"
    >
      <span aria-hidden="true">+ {format.time(localOf(day, minute))}</span>
    </button>
  );
}
