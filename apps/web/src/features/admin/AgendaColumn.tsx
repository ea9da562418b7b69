/**
 * One column of the agenda board (docs/back-office.md "Agenda"): its calendar's heading, then the
 * track that holds, on the hours of the axis, the free-place control, the list of its closures,
 * absences and appointments, the ghost of an appointment dragged onto it and the current-time line.
 * Its appointments are drawn once the board has come to it (use-progressive-count.ts); until then
 * the list is busy.
 */
import type { KeyboardEvent, MouseEvent } from 'react';
import { BlockItem, ColumnAppointments, type ColumnAppointmentsProps } from './AgendaItems.tsx';
import styles from './admin.module.css';
import { type AgendaColumnModel, calendarAt, isBookable } from './agenda-columns.ts';
import type { AgendaFormat } from './agenda-format.ts';
import type { Axis } from './agenda-grid.ts';
import board from './board.module.css';
import { DragGhost } from './DragGhost.tsx';
import { FreePlaceButton } from './FreePlaceButton.tsx';
import type { Ghost } from './use-board-drag.ts';
import type { FreePlace } from './WalkInDialog.tsx';

/**
 * What every column of the board shares. The appointments' callbacks are stable (useCallback on
 * the board): the memoised appointments of a column do not re-render when the board does.
 */
export interface ColumnShared
  extends Pick<
    ColumnAppointmentsProps,
    'view' | 'labels' | 'calendarNames' | 'register' | 'onKeyDown' | 'onPointerDown' | 'onOpen'
  > {
  axis: Axis;
  canBook: boolean;
  canMove: boolean;
  /** The current-time line's place in % of the axis, null off the axis. */
  nowAt: number | null;
  /** The id of the free places' keyboard hint. */
  hintId: string;
  format: AgendaFormat;
  /** The columns' tracks by column index, for the drag (use-board-drag.ts). */
  tracks: { current: Map<number, HTMLElement> };
  onFreePlace: (place: FreePlace) => void;
  placeOf: (column: AgendaColumnModel) => number;
  onFreeKey: (event: KeyboardEvent<HTMLButtonElement>, column: AgendaColumnModel, minute: number) => void;
  onTrackClick: (event: MouseEvent<HTMLElement>, column: AgendaColumnModel) => void;
  onTrackMove: (event: MouseEvent<HTMLElement>, column: AgendaColumnModel) => void;
  hideMarker: () => void;
}

interface AgendaColumnProps {
  column: AgendaColumnModel;
  /** Its index on the board (day × calendar). */
  index: number;
  dayHeading: string;
  isToday: boolean;
  /** The board has come to it: its appointments and free place are drawn. */
  drawn: boolean;
  ghost: Ghost | null;
  shared: ColumnShared;
}

export function AgendaColumn({
  column,
  index,
  dayHeading,
  isToday,
  drawn,
  ghost,
  shared,
}: AgendaColumnProps) {
  const { axis, canBook, format } = shared;
  const calendar = column.calendar;
  const calendarHeading = `${dayHeading}-${calendar.id}`;
  const bookable = isBookable(column, canBook);
  // A column's keyboard free place comes with its appointments (the first frame holds only the
  // columns in view; the others are busy until drawn).
  const free = bookable && drawn ? shared.placeOf(column) : null;
  const freeCalendar = free === null ? null : calendarAt(column, free);
  return (
    <div className={`${styles.column} ${board.lazyColumn}`} data-testid="agenda-column">
      <h4 id={calendarHeading} className={styles.calendarHeading} title={calendar.name}>
        <span className={styles.calendarName}>{calendar.name}</span>
        {calendar.resource && <span className={styles.resourceTag}>{shared.labels.resourceTag}</span>}
      </h4>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the pointer's shortcut to the free-place button below, which keyboards use */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the free-place button is the keyboard's way */}
      <div
        className={[styles.track, bookable && board.bookable].filter(Boolean).join(' ')}
        ref={(element) => {
          if (element) shared.tracks.current.set(index, element);
          else shared.tracks.current.delete(index);
        }}
        onClick={canBook ? (event) => shared.onTrackClick(event, column) : undefined}
        onMouseMove={canBook ? (event) => shared.onTrackMove(event, column) : undefined}
        onMouseLeave={canBook ? shared.hideMarker : undefined}
        data-testid="agenda-track"
        data-day={column.day}
        data-calendar-id={column.together ? undefined : calendar.id}
      >
        {free !== null && freeCalendar && (
          <FreePlaceButton
            day={column.day}
            minute={free}
            calendar={freeCalendar}
            axis={axis}
            hintId={shared.hintId}
            format={format}
            labels={shared.labels}
            onKeyDown={(event) => shared.onFreeKey(event, column, free)}
            onClick={() => shared.onFreePlace({ calendarId: freeCalendar.id, day: column.day, minute: free })}
          />
        )}
        <ul
          className={styles.items}
          aria-labelledby={`${calendarHeading} ${dayHeading}`}
          aria-busy={!drawn || undefined}
        >
          {column.blocks.map((placed) => (
            <BlockItem key={`b${placed.item.id}`} placed={placed} axis={axis} labels={shared.labels} />
          ))}
          {drawn && (
            <ColumnAppointments
              appointments={column.appointments}
              view={shared.view}
              calendarName={calendar.name}
              calendarNames={shared.calendarNames}
              labels={shared.labels}
              draggable={shared.canMove}
              column={index}
              register={shared.register}
              onKeyDown={shared.onKeyDown}
              onPointerDown={shared.onPointerDown}
              onOpen={shared.onOpen}
            />
          )}
          {drawn && column.appointments.length === 0 && (
            <li className="visually-hidden">{shared.labels.empty}</li>
          )}
        </ul>
        {ghost && <DragGhost ghost={ghost} day={column.day} axis={axis} format={format} />}
        {isToday && shared.nowAt !== null && (
          <div className={styles.nowLine} style={{ top: `${shared.nowAt}%` }} aria-hidden="true" />
        )}
      </div>
    </div>
  );
}
