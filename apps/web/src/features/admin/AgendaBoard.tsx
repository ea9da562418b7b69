/**
 * The agenda's columns: one per calendar (resources too, tagged) for each day shown, under the day's
 * heading. Each column is a list named by its calendar and day, whose items are the closures and
 * absences (read out with their times) and the appointments — buttons whose names carry the full
 * time range, customer, service, status and mark. Arrow keys move between appointments: up and down
 * in a column, left and right to the nearest in time in the next column; Enter opens one.
 */
import { type CSSProperties, type KeyboardEvent, useId, useMemo, useRef } from 'react';
import type { AgendaAppointment, AgendaBlock, AgendaCalendar } from '../../api/admin-agenda.ts';
import { usePart } from '../../i18n/i18n.ts';
import { AppointmentButton, BlockItem } from './AgendaItems.tsx';
import type { AgendaView } from './AgendaScreen.tsx';
import styles from './admin.module.css';
import { useAgendaFormat } from './agenda-format.ts';
import { nextPosition, nowPosition, type Placed, placeInColumn } from './agenda-layout.ts';

interface AgendaBoardProps {
  view: AgendaView;
  days: readonly string[];
  calendars: readonly AgendaCalendar[];
  appointments: readonly AgendaAppointment[];
  blocks: readonly AgendaBlock[];
  axis: { start: number; end: number };
  now: { date: string; minute: number };
  /** Ids of the headings naming the whole agenda. */
  labelledBy: string;
  onOpen: (appointment: AgendaAppointment) => void;
}

interface Column {
  key: string;
  day: string;
  calendar: AgendaCalendar;
  appointments: Placed<AgendaAppointment>[];
  blocks: Placed<AgendaBlock>[];
}

type ArrowKey = Parameters<typeof nextPosition>[2];
const MOVES = new Set<string>(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

export function AgendaBoard({
  view,
  days,
  calendars,
  appointments,
  blocks,
  axis,
  now,
  labelledBy,
  onOpen,
}: AgendaBoardProps) {
  const { t } = usePart('admin');
  const format = useAgendaFormat();
  const baseId = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const columns = useMemo<Column[]>(
    () =>
      days.flatMap((day) =>
        calendars.map((calendar) => ({
          key: `${day}:${calendar.id}`,
          day,
          calendar,
          // An appointment shows in its calendar's column and in its resource's.
          appointments: placeInColumn(
            appointments.filter((a) => a.calendar_id === calendar.id || a.resource_id === calendar.id),
            day,
            axis,
          ),
          blocks: placeInColumn(
            blocks.filter((b) => b.calendar_id === calendar.id),
            day,
            { start: 0, end: 24 },
          ),
        })),
      ),
    [days, calendars, appointments, blocks, axis],
  );
  // Keyboard order inside a column: by start time, the order the list reads in.
  const starts = useMemo(() => columns.map((c) => c.appointments.map((p) => p.start)), [columns]);
  const hours = Array.from({ length: axis.end - axis.start }, (_, i) => axis.start + i);
  const nowAt = nowPosition(now.minute, axis);
  const trackStyle = { '--hours': axis.end - axis.start } as CSSProperties;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, column: number, index: number) => {
    if (!MOVES.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = nextPosition(starts, { column, index }, event.key as ArrowKey);
    event.preventDefault();
    if (target) buttons.current.get(`${target.column}:${target.index}`)?.focus();
  };

  let columnIndex = 0;
  return (
    <section
      className={[styles.board, view === 'week' && styles.week].filter(Boolean).join(' ')}
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
      <div className={styles.scroller}>
        <div className={styles.days}>
          {days.map((day) => {
            const dayHeading = `${baseId}-${day}`;
            const isToday = day === now.date;
            return (
              <div
                key={day}
                className={[styles.day, isToday && styles.today].filter(Boolean).join(' ')}
                style={{ '--columns': calendars.length } as CSSProperties}
                data-testid="agenda-day"
              >
                <h3 id={dayHeading} className={styles.dayHeading}>
                  <span>{format.mediumDate(day)}</span>
                  {isToday && <span className={styles.todayTag}>{t('admin.nav.today')}</span>}
                </h3>
                <div className={styles.columns}>
                  {calendars.map((calendar) => {
                    const index = columnIndex++;
                    const column = columns[index];
                    if (!column) return null;
                    const calendarHeading = `${dayHeading}-${calendar.id}`;
                    return (
                      <div key={column.key} className={styles.column} data-testid="agenda-column">
                        <h4 id={calendarHeading} className={styles.calendarHeading} title={calendar.name}>
                          <span className={styles.calendarName}>{calendar.name}</span>
                          {calendar.resource && (
                            <span className={styles.resourceTag}>{t('admin.calendars.resource')}</span>
                          )}
                        </h4>
                        <div className={styles.track}>
                          <ul className={styles.items} aria-labelledby={`${calendarHeading} ${dayHeading}`}>
                            {column.blocks.map((placed) => (
                              <BlockItem
                                key={`b${placed.item.id}`}
                                placed={placed}
                                axis={axis}
                                format={format}
                              />
                            ))}
                            {column.appointments.map((placed, i) => (
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
                                  calendar={calendar}
                                  format={format}
                                  compact={view === 'week' || placed.lanes > 1}
                                  short={
                                    placed.end - placed.start <
                                    (view === 'week' || placed.lanes > 1 ? 35 : 40)
                                  }
                                  ref={(element) => {
                                    if (element) buttons.current.set(`${index}:${i}`, element);
                                    else buttons.current.delete(`${index}:${i}`);
                                  }}
                                  onKeyDown={(event) => onKeyDown(event, index, i)}
                                  onOpen={onOpen}
                                />
                              </li>
                            ))}
                            {column.appointments.length === 0 && (
                              <li className="visually-hidden">{t('admin.empty')}</li>
                            )}
                          </ul>
                          {isToday && nowAt !== null && (
                            <div className={styles.nowLine} style={{ top: `${nowAt}%` }} aria-hidden="true" />
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
    </section>
  );
}
