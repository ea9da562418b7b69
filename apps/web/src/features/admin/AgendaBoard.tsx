/**
 * The agenda's columns: one per calendar (resources too, tagged) for each day shown, under the day's
 * heading. Each column is a list named by its calendar and day, whose items are the closures and
 * absences (read out with their times) and the appointments — buttons whose names carry the full
 * time range, customer, service, status and mark. Arrow keys move between appointments: up and down
 * in a column, left and right to the nearest in time in the next column; Enter opens one.
 *
 * With `appointment.book` a free place opens the walk-in dialog: a click on an empty part of a
 * calendar's column (that quarter hour), or from the keyboard each column's "new appointment"
 * control, whose time the arrow keys change by a quarter hour. With `appointment.manage` an
 * appointment is dragged to another time or calendar (use-board-drag.ts).
 */
import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useMoveAppointment } from '../../api/admin-actions.ts';
import type { AgendaAppointment, AgendaBlock, AgendaCalendar } from '../../api/admin-agenda.ts';
import { usePart } from '../../i18n/i18n.ts';
import { BlockItem, ColumnAppointments, customerName } from './AgendaItems.tsx';
import type { AgendaView } from './AgendaScreen.tsx';
import styles from './admin.module.css';
import { useAgendaFormat } from './agenda-format.ts';
import {
  firstFreeMinute,
  localOf,
  minuteAtOffset,
  percentOfMinute,
  SNAP_MINUTES,
  snapMinute,
  wallClockOf,
} from './agenda-grid.ts';
import { useAgendaLabels } from './agenda-labels.ts';
import { nextPosition, nowPosition, type Placed, placeInColumn, spansByDay } from './agenda-layout.ts';
import board from './board.module.css';
import { type DropTarget, useBoardDrag } from './use-board-drag.ts';
import { useProgressiveCount } from './use-progressive-count.ts';
import { type FreePlace, refusalText } from './WalkInDialog.tsx';
import { moveRefusal } from './walkin-errors.ts';

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

interface Column {
  key: string;
  day: string;
  /** The column's calendar; for the calendars together, a stand-in that names them. */
  calendar: AgendaCalendar;
  /** The calendars a free place of this column books on: its own, or (together) every bookable one. */
  members: readonly { calendar: AgendaCalendar; taken: readonly Placed<AgendaAppointment>[] }[];
  together: boolean;
  appointments: Placed<AgendaAppointment>[];
  blocks: Placed<AgendaBlock>[];
}

/** The closures of the whole business, once each: what the calendars together have in common. */
function closuresOf(blocks: readonly AgendaBlock[]): AgendaBlock[] {
  const seen = new Set<string>();
  return blocks.filter((block) => {
    const key = `${block.starts_local}|${block.ends_local}`;
    if (block.kind !== 'closure' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Items by the calendars they show on, in their order. */
function groupBy<T>(items: readonly T[], keys: (item: T) => number[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items)
    for (const key of keys(item)) {
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
  return groups;
}

/** The narrowest a column is drawn (admin.module.css `.day` min-width per column). */
const WEEK_COLUMN_PX = 56;
const DAY_COLUMN_PX = 112;
/** Columns drawn per task after the first frame: a few hundred appointments, well under a frame's budget. */
const COLUMNS_PER_TASK = 8;

type ArrowKey = Parameters<typeof nextPosition>[2];
const MOVES = new Set<string>(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

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
  const { t, i18n } = usePart('admin');
  const format = useAgendaFormat();
  const labels = useAgendaLabels(format);
  const baseId = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const tracks = useRef(new Map<number, HTMLElement>());
  const hover = useRef<HTMLDivElement>(null);
  const move = useMoveAppointment(groupId);
  const [notice, setNotice] = useState<{ kind: 'error' | 'done'; text: string } | null>(null);
  /** The keyboard's free place of each column, once moved from its first free quarter hour. */
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [spoken, setSpoken] = useState('');
  // The latest words win: a booking's announcement replaces the last time said by the arrows.
  useEffect(() => {
    if (announcement) setSpoken(announcement);
  }, [announcement]);

  const columns = useMemo<Column[]>(() => {
    // An appointment shows in its calendar's column and in its resource's.
    const byCalendar = groupBy(appointments, (a) =>
      a.resource_id === null || a.resource_id === a.calendar_id
        ? [a.calendar_id]
        : [a.calendar_id, a.resource_id],
    );
    const blocksOf = groupBy(blocks, (b) => [b.calendar_id]);
    // Each calendar's appointments sorted by day once, rather than each column sifting the week's.
    const byCalendarDay = new Map<number, Map<string, AgendaAppointment[]>>();
    const placeOn = (calendar: AgendaCalendar, day: string) => {
      let ofCalendar = byCalendarDay.get(calendar.id);
      if (!ofCalendar) {
        ofCalendar = spansByDay(byCalendar.get(calendar.id) ?? [], days);
        byCalendarDay.set(calendar.id, ofCalendar);
      }
      return placeInColumn(ofCalendar.get(day) ?? [], day, axis);
    };
    if (together) {
      const shown = new Set(calendars.map((c) => c.id));
      const ofShown = spansByDay(
        appointments.filter(
          (a) => shown.has(a.calendar_id) || (a.resource_id !== null && shown.has(a.resource_id)),
        ),
        days,
      );
      const closures = closuresOf(blocks.filter((b) => shown.has(b.calendar_id)));
      const all: AgendaCalendar = {
        ...calendars[0]!,
        id: 0,
        name: t('admin.layout.allCalendars'),
        resource: false,
      };
      return days.map((day) => ({
        key: `${day}:together`,
        day,
        calendar: all,
        together: true,
        members: calendars
          .filter((c) => !c.resource)
          .map((calendar) => ({ calendar, taken: placeOn(calendar, day) })),
        appointments: placeInColumn(ofShown.get(day) ?? [], day, axis),
        blocks: placeInColumn(closures, day, { start: 0, end: 24 }),
      }));
    }
    return days.flatMap((day) =>
      calendars.map((calendar) => {
        const placed = placeOn(calendar, day);
        return {
          key: `${day}:${calendar.id}`,
          day,
          calendar,
          together: false,
          members: calendar.resource ? [] : [{ calendar, taken: placed }],
          appointments: placed,
          blocks: placeInColumn(blocksOf.get(calendar.id) ?? [], day, { start: 0, end: 24 }),
        };
      }),
    );
  }, [days, calendars, appointments, blocks, axis, together, t]);
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
  // Keyboard order inside a column: by start time, the order the list reads in.
  const starts = useMemo(() => columns.map((c) => c.appointments.map((p) => p.start)), [columns]);
  const dropColumns = useMemo(
    () => columns.map((c) => ({ day: c.day, calendarId: c.calendar.id, resource: c.calendar.resource })),

    [columns],
  );
  const hours = Array.from({ length: axis.end - axis.start }, (_, i) => axis.start + i);
  const nowAt = nowPosition(now.minute, axis);
  const trackStyle = { '--hours': axis.end - axis.start } as CSSProperties;
  const startsRef = useRef(starts);
  startsRef.current = starts;

  const register = useCallback((key: string, element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  }, []);

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLButtonElement>, column: number, index: number) => {
    if (!MOVES.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = nextPosition(startsRef.current, { column, index }, event.key as ArrowKey);
    event.preventDefault();
    if (target) buttons.current.get(`${target.column}:${target.index}`)?.focus();
  }, []);

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
  const calendarName = (id: number) => calendars.find((c) => c.id === id)?.name;

  const drag = useBoardDrag({
    axis,
    columns: dropColumns,
    tracks,
    draggingClass: board.dragSource ?? '',
    onDrop: drop,
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

  /** The quarter hour under the pointer in a column, kept clear of the axis's end. */
  const minuteUnder = (event: MouseEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return snapMinute(
      Math.floor(minuteAtOffset(event.clientY - rect.top, rect.height, axis) / SNAP_MINUTES) * SNAP_MINUTES,
      axis,
    );
  };
  const bookable = (column: Column) => canBook && column.members.length > 0;
  /** The calendar a free place at `minute` books on: the first of the column's that is free then. */
  const calendarAt = (column: Column, minute: number): AgendaCalendar => {
    const free = column.members.find(
      ({ taken }) => !taken.some((p) => p.start < minute + SNAP_MINUTES && p.end > minute),
    );
    return (free ?? column.members[0]!).calendar;
  };
  const onTrackClick = (event: MouseEvent<HTMLElement>, column: Column) => {
    if (!bookable(column) || drag.clickEndsDrag()) return;
    if ((event.target as HTMLElement).closest('button')) return;
    const minute = minuteUnder(event);
    onFreePlace({ calendarId: calendarAt(column, minute).id, day: column.day, minute });
  };
  // The quarter hour a click would book, drawn under the mouse (one element for the whole board).
  const onTrackMove = (event: MouseEvent<HTMLElement>, column: Column) => {
    const marker = hover.current;
    if (!marker) return;
    const overBlock = (event.target as HTMLElement).closest('button');
    if (!bookable(column) || overBlock || drag.ghost) {
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

  /** The keyboard's free place of a column: the one chosen, else its first free quarter hour. */
  const placeOf = (column: Column) => {
    const kept = chosen[column.key];
    if (kept !== undefined) return kept;
    const from = column.day === now.date ? Math.max(now.minute, axis.start * 60) : axis.start * 60;
    // Together: the earliest time any of the calendars is free.
    return Math.min(...column.members.map(({ taken }) => firstFreeMinute(taken, from, axis)));
  };
  const onFreeKey = (event: KeyboardEvent<HTMLButtonElement>, column: Column, minute: number) => {
    const last = snapMinute(axis.end * 60, axis);
    const next =
      event.key === 'ArrowUp'
        ? minute - SNAP_MINUTES
        : event.key === 'ArrowDown'
          ? minute + SNAP_MINUTES
          : event.key === 'Home'
            ? axis.start * 60
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const minuteNext = Math.min(last, Math.max(axis.start * 60, next));
    setChosen((was) => ({ ...was, [column.key]: minuteNext }));
    setSpoken(format.time(localOf(column.day, minuteNext)));
  };

  return (
    <>
      {notice && (
        <div
          className={notice.kind === 'error' ? board.noticeError : board.noticeDone}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          data-testid="agenda-move-notice"
        >
          <span>{notice.text}</span>
          <button
            type="button"
            className={board.noticeClose}
            onClick={() => setNotice(null)}
            aria-label={t('admin.drag.dismiss')}
          >
            ×
          </button>
        </div>
      )}
      <p className="visually-hidden" aria-live="polite" data-testid="agenda-announcement">
        {spoken}
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
        <div className={styles.scroller} onScroll={hideMarker}>
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
                      const calendar = column.calendar;
                      const calendarHeading = `${dayHeading}-${calendar.id}`;
                      const ghost = drag.ghost?.column === index ? drag.ghost : null;
                      // A column's keyboard free place comes with its appointments (the first frame holds only
                      // the columns in view; the others are busy until drawn).
                      const free = bookable(column) && index < drawnColumns ? placeOf(column) : null;
                      const freeCalendar = free === null ? null : calendarAt(column, free);
                      return (
                        <div
                          key={column.key}
                          className={`${styles.column} ${board.lazyColumn}`}
                          data-testid="agenda-column"
                        >
                          <h4 id={calendarHeading} className={styles.calendarHeading} title={calendar.name}>
                            <span className={styles.calendarName}>{calendar.name}</span>
                            {calendar.resource && (
                              <span className={styles.resourceTag}>{t('admin.calendars.resource')}</span>
                            )}
                          </h4>
                          {/* biome-ignore lint/a11y/noStaticElementInteractions: the pointer's shortcut to the free-place button below, which keyboards use */}
                          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the free-place button is the keyboard's way */}
                          <div
                            className={[styles.track, bookable(column) && board.bookable]
                              .filter(Boolean)
                              .join(' ')}
                            ref={(element) => {
                              if (element) tracks.current.set(index, element);
                              else tracks.current.delete(index);
                            }}
                            onClick={canBook ? (event) => onTrackClick(event, column) : undefined}
                            onMouseMove={canBook ? (event) => onTrackMove(event, column) : undefined}
                            onMouseLeave={canBook ? hideMarker : undefined}
                            data-testid="agenda-track"
                            data-day={column.day}
                            data-calendar-id={column.together ? undefined : calendar.id}
                          >
                            {free !== null && (
                              <button
                                type="button"
                                className={board.freePlace}
                                style={{
                                  top: `${percentOfMinute(free, axis)}%`,
                                  height: `${(SNAP_MINUTES / ((axis.end - axis.start) * 60)) * 100}%`,
                                }}
                                aria-label={t('admin.walkin.freePlace', {
                                  time: format.time(localOf(column.day, free)),
                                  calendar: freeCalendar?.name ?? calendar.name,
                                  day: format.mediumDate(column.day),
                                })}
                                aria-describedby={`${baseId}-free-hint`}
                                onKeyDown={(event) => onFreeKey(event, column, free)}
                                onClick={() =>
                                  onFreePlace({
                                    calendarId: freeCalendar?.id ?? calendar.id,
                                    day: column.day,
                                    minute: free,
                                  })
                                }
                                data-testid="agenda-free-place"
                              >
                                <span aria-hidden="true">+ {format.time(localOf(column.day, free))}</span>
                              </button>
                            )}
                            <ul
                              className={styles.items}
                              aria-labelledby={`${calendarHeading} ${dayHeading}`}
                              aria-busy={index >= drawnColumns || undefined}
                            >
                              {column.blocks.map((placed) => (
                                <BlockItem
                                  key={`b${placed.item.id}`}
                                  placed={placed}
                                  axis={axis}
                                  labels={labels}
                                />
                              ))}
                              {index < drawnColumns && (
                                <ColumnAppointments
                                  appointments={column.appointments}
                                  view={view}
                                  calendarName={calendar.name}
                                  calendarNames={calendarNames}
                                  labels={labels}
                                  draggable={canMove}
                                  column={index}
                                  register={register}
                                  onKeyDown={onKeyDown}
                                  onPointerDown={drag.onPointerDown}
                                  onOpen={open}
                                />
                              )}
                              {index < drawnColumns && column.appointments.length === 0 && (
                                <li className="visually-hidden">{t('admin.empty')}</li>
                              )}
                            </ul>
                            {ghost && (
                              <div
                                className={[board.ghost, ghost.pending && board.ghostPending]
                                  .filter(Boolean)
                                  .join(' ')}
                                style={{
                                  top: `${percentOfMinute(ghost.minute, axis)}%`,
                                  height: `${(ghost.duration / ((axis.end - axis.start) * 60)) * 100}%`,
                                }}
                                aria-hidden="true"
                                data-testid="agenda-ghost"
                              >
                                <strong>
                                  {format.time(localOf(column.day, ghost.minute))}–
                                  {format.time(localOf(column.day, ghost.minute + ghost.duration))}
                                </strong>
                                <span>{customerName(ghost.appointment)}</span>
                              </div>
                            )}
                            {isToday && nowAt !== null && (
                              <div
                                className={styles.nowLine}
                                style={{ top: `${nowAt}%` }}
                                aria-hidden="true"
                              />
                            )}
                          </div>
                        </div>
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
            ref={hover}
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
