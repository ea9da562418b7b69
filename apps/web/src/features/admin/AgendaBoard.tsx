/**
 * The agenda's columns: one per calendar (resources too, tagged) for each day shown, under the day's
 * heading. Each column is a list named by its calendar and day, whose items are the closures and
 * absences (read out with their times) and the appointments — buttons whose names carry the full
 * time range, customer, service, status and mark. Arrow keys move between appointments: up and down
 * in a column, left and right to the nearest in time in the next column; Enter opens one.
 *
 * With `appointment.book` a free place opens the walk-in dialog: a click on an empty part of a
 * calendar's column (that quarter hour, use-track-pointer.ts), or from the keyboard each column's
 * "new appointment" control, whose time the arrow keys change by a quarter hour (use-free-places.ts).
 * With `appointment.manage` an appointment is dragged to another time or calendar (use-board-drag.ts).
 */
import { type CSSProperties, useCallback, useId, useMemo, useRef } from 'react';
import type { AgendaAppointment, AgendaBlock, AgendaCalendar } from '../../api/admin-agenda.ts';
import { usePart } from '../../i18n/i18n.ts';
import { AgendaColumn, type ColumnShared } from './AgendaColumn.tsx';
import styles from './admin.module.css';
import { agendaColumns } from './agenda-columns.ts';
import { useAgendaFormat } from './agenda-format.ts';
import { useAgendaLabels } from './agenda-labels.ts';
import type { AgendaView } from './agenda-layout.ts';
import { nowPosition } from './agenda-layout.ts';
import board from './board.module.css';
import { MoveNotice } from './MoveNotice.tsx';
import { useBoardDrag } from './use-board-drag.ts';
import { useBoardKeys } from './use-board-keys.ts';
import { useDropMove } from './use-drop-move.ts';
import { useFreePlaces } from './use-free-places.ts';
import { useProgressiveCount } from './use-progressive-count.ts';
import { useTrackPointer } from './use-track-pointer.ts';
import type { FreePlace } from './WalkInDialog.tsx';

interface AgendaBoardProps {
  groupId: number;
  view: AgendaView;
  /** One column per day for all the calendars shown, instead of one per calendar. */
  together: boolean;
  days: readonly string[];
  calendars: readonly AgendaCalendar[];
  appointments: readonly AgendaAppointment[];
  blocks: readonly AgendaBlock[];
  axis: { start: number; end: number };
  now: { date: string; minute: number };
  /** Ids of the headings naming the whole agenda. */
  labelledBy: string;
  /** `appointment.book`: free places open the walk-in dialog. */
  canBook: boolean;
  /** `appointment.manage`: appointments can be dragged. */
  canMove: boolean;
  /** Said politely once (a booking made from the dialog). */
  announcement: string;
  onOpen: (appointment: AgendaAppointment) => void;
  onFreePlace: (place: FreePlace) => void;
}

/** The narrowest a column is drawn (admin.module.css `.day` min-width per column). */
const WEEK_COLUMN_PX = 56;
const DAY_COLUMN_PX = 112;
/** Columns drawn per task after the first frame: a few hundred appointments, well under a frame's budget. */
const COLUMNS_PER_TASK = 8;

export function AgendaBoard({
  groupId,
  view,
  together,
  days,
  calendars,
  appointments,
  blocks,
  axis,
  now,
  labelledBy,
  canBook,
  canMove,
  announcement,
  onOpen,
  onFreePlace,
}: AgendaBoardProps) {
  const { t } = usePart('admin');
  const format = useAgendaFormat();
  const labels = useAgendaLabels(format);
  const baseId = useId();
  const tracks = useRef(new Map<number, HTMLElement>());
  const freePlaces = useFreePlaces({ axis, now, format, announcement });

  const allCalendars = t('admin.layout.allCalendars');
  const columns = useMemo(
    () => agendaColumns({ days, calendars, appointments, blocks, axis, together, allCalendars }),
    [days, calendars, appointments, blocks, axis, together, allCalendars],
  );
  const perDay = together ? 1 : calendars.length;
  // Together, each appointment says its calendar; one calendar's column needs not.
  const calendarNames = useMemo(
    () => (together ? new Map(calendars.map((c) => [c.id, c.name])) : null),
    [together, calendars],
  );
  // The first frame draws the columns the window can show at their narrowest; the others follow a
  // few at a time, each in its own task.
  const drawnColumns = useProgressiveCount(
    columns.length,
    Math.ceil(window.innerWidth / (view === 'week' ? WEEK_COLUMN_PX : DAY_COLUMN_PX)) + 1,
    COLUMNS_PER_TASK,
    `${view}|${together}|${days.join()}|${calendars.map((c) => c.id).join()}`,
  );
  const dropColumns = useMemo(
    () => columns.map((c) => ({ day: c.day, calendarId: c.calendar.id, resource: c.calendar.resource })),
    [columns],
  );
  const hours = Array.from({ length: axis.end - axis.start }, (_, i) => axis.start + i);
  const trackStyle = { '--hours': axis.end - axis.start } as CSSProperties;
  const keys = useBoardKeys(columns);

  const moves = useDropMove({ groupId, columns, calendars, format });
  const drag = useBoardDrag({
    axis,
    columns: dropColumns,
    tracks,
    draggingClass: board.dragSource ?? '',
    onDrop: moves.drop,
  });
  const pointer = useTrackPointer({
    axis,
    canBook,
    dragging: drag.ghost !== null,
    clickEndsDrag: drag.clickEndsDrag,
    format,
    onFreePlace,
  });

  // Stable for the memoised blocks: a new onOpen from the screen must not re-render thousands of them.
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  const clickEndsDrag = drag.clickEndsDrag;
  const open = useCallback(
    (appointment: AgendaAppointment) => {
      if (!clickEndsDrag()) onOpenRef.current(appointment);
    },
    [clickEndsDrag],
  );

  const shared: ColumnShared = {
    axis,
    view,
    canBook,
    canMove,
    nowAt: nowPosition(now.minute, axis),
    hintId: `${baseId}-free-hint`,
    format,
    labels,
    calendarNames,
    tracks,
    register: keys.register,
    onKeyDown: keys.onKeyDown,
    onPointerDown: drag.onPointerDown,
    onOpen: open,
    onFreePlace,
    placeOf: freePlaces.placeOf,
    onFreeKey: freePlaces.onFreeKey,
    onTrackClick: pointer.onTrackClick,
    onTrackMove: pointer.onTrackMove,
    hideMarker: pointer.hideMarker,
  };

  return (
    <>
      {moves.notice && <MoveNotice notice={moves.notice} onDismiss={moves.dismiss} />}
      <p className="visually-hidden" aria-live="polite" data-testid="agenda-announcement">
        {freePlaces.spoken}
      </p>
      <section
        className={[styles.board, view === 'week' && styles.week, drag.ghost && board.dragging]
          .filter(Boolean)
          .join(' ')}
        aria-labelledby={labelledBy}
        data-testid="agenda-board"
        style={trackStyle}
      >
        <div className={styles.axis} aria-hidden="true">
          {hours.map((hour) => (
            <span key={hour} className={styles.hourLabel}>
              {format.hour(hour)}
            </span>
          ))}
        </div>
        <div className={styles.scroller} onScroll={pointer.hideMarker}>
          <div className={styles.days}>
            {days.map((day, dayIndex) => {
              const dayHeading = `${baseId}-${day}`;
              const isToday = day === now.date;
              return (
                <div
                  key={day}
                  className={[styles.day, isToday && styles.today].filter(Boolean).join(' ')}
                  style={{ '--columns': perDay } as CSSProperties}
                  data-testid="agenda-day"
                >
                  <h3 id={dayHeading} className={styles.dayHeading}>
                    <span>{format.mediumDate(day)}</span>
                    {isToday && <span className={styles.todayTag}>{t('admin.nav.today')}</span>}
                  </h3>
                  <div className={styles.columns}>
                    {columns.slice(dayIndex * perDay, (dayIndex + 1) * perDay).map((column, inDay) => {
                      const index = dayIndex * perDay + inDay;
                      return (
                        <AgendaColumn
                          key={column.key}
                          column={column}
                          index={index}
                          dayHeading={dayHeading}
                          isToday={isToday}
                          drawn={index < drawnColumns}
                          ghost={drag.ghost?.column === index ? drag.ghost : null}
                          shared={shared}
                        />
                      );
                    })}
                  </div>
                </div>
              );
            })}
          </div>
        </div>
        {canBook && (
          <div
            ref={pointer.hover}
            className={board.hoverSlot}
            hidden
            aria-hidden="true"
            data-testid="agenda-hover-slot"
          />
        )}
      </section>
      {canBook && (
        <p id={`${baseId}-free-hint`} hidden>
          {t('admin.walkin.freePlaceHint')}
        </p>
      )}
    </>
  );
}
