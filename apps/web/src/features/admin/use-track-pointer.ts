/**
 * The pointer on the agenda board's tracks (docs/back-office.md "Agenda"): with the right to book, a
 * click on an empty part of a column opens the walk-in dialog at that quarter hour, and the quarter
 * hour a click would book is drawn under the mouse — one element for the whole board, moved by
 * hand rather than by a render, so that the mouse costs the thousands of appointments nothing.
 */
import { type MouseEvent, useRef } from 'react';
import { type AgendaColumnModel, calendarAt, isBookable } from './agenda-columns.ts';
import type { AgendaFormat } from './agenda-format.ts';
import {
  type Axis,
  localOf,
  minuteAtOffset,
  percentOfMinute,
  SNAP_MINUTES,
  snapMinute,
} from './agenda-grid.ts';
import type { FreePlace } from './WalkInDialog.tsx';

export function useTrackPointer({
  axis,
  canBook,
  dragging,
  clickEndsDrag,
  format,
  onFreePlace,
}: {
  axis: Axis;
  canBook: boolean;
  /** An appointment's ghost is out: no quarter hour is drawn. */
  dragging: boolean;
  clickEndsDrag: () => boolean;
  format: AgendaFormat;
  onFreePlace: (place: FreePlace) => void;
}) {
  const hover = useRef<HTMLDivElement>(null);

  /** The quarter hour under the pointer in a column, kept clear of the axis's end. */
  const minuteUnder = (event: MouseEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return snapMinute(
      Math.floor(minuteAtOffset(event.clientY - rect.top, rect.height, axis) / SNAP_MINUTES) * SNAP_MINUTES,
      axis,
    );
  };
  const onTrackClick = (event: MouseEvent<HTMLElement>, column: AgendaColumnModel) => {
    if (!isBookable(column, canBook) || clickEndsDrag()) return;
    if ((event.target as HTMLElement).closest('button')) return;
    const minute = minuteUnder(event);
    onFreePlace({ calendarId: calendarAt(column, minute).id, day: column.day, minute });
  };
  const onTrackMove = (event: MouseEvent<HTMLElement>, column: AgendaColumnModel) => {
    const marker = hover.current;
    if (!marker) return;
    const overBlock = (event.target as HTMLElement).closest('button');
    if (!isBookable(column, canBook) || overBlock || dragging) {
      marker.hidden = true;
      return;
    }
    const rect = event.currentTarget.getBoundingClientRect();
    const minute = minuteUnder(event);
    const top = rect.top + (percentOfMinute(minute, axis) / 100) * rect.height;
    marker.hidden = false;
    marker.style.transform = `translate(${rect.left}px, ${top}px)`;
    marker.style.width = `${rect.width}px`;
    marker.style.height = `${(SNAP_MINUTES / ((axis.end - axis.start) * 60)) * rect.height}px`;
    marker.textContent = `+ ${format.time(localOf(column.day, minute))}`;
  };
  const hideMarker = () => {
    if (hover.current) hover.current.hidden = true;
  };

  return { hover, onTrackClick, onTrackMove, hideMarker };
}
