/**
 * The keyboard's free places of the agenda board (docs/back-office.md "Agenda"): each bookable
 * column has a "new appointment" control at its first free quarter hour, whose time the arrow keys,
 * Home and End change; the new time is said politely. A booking's announcement replaces it.
 */
import { type KeyboardEvent, useEffect, useState } from 'react';
import { type AgendaColumnModel, firstPlace, freePlaceAfterKey } from './agenda-columns.ts';
import type { AgendaFormat } from './agenda-format.ts';
import { type Axis, localOf } from './agenda-grid.ts';

export function useFreePlaces({
  axis,
  now,
  format,
  announcement,
}: {
  axis: Axis;
  now: { date: string; minute: number };
  format: AgendaFormat;
  /** Said politely once (a booking made from the dialog). */
  announcement: string;
}) {
  /** The keyboard's free place of each column, once moved from its first free quarter hour. */
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [spoken, setSpoken] = useState('');
  // The latest words win: a booking's announcement replaces the last time said by the arrows.
  useEffect(() => {
    if (announcement) setSpoken(announcement);
  }, [announcement]);

  /** The keyboard's free place of a column: the one chosen, else its first free quarter hour. */
  const placeOf = (column: AgendaColumnModel) => chosen[column.key] ?? firstPlace(column, now, axis);

  const onFreeKey = (event: KeyboardEvent<HTMLButtonElement>, column: AgendaColumnModel, minute: number) => {
    const next = freePlaceAfterKey(event.key, minute, axis);
    if (next === null) return;
    event.preventDefault();
    setChosen((was) => ({ ...was, [column.key]: next }));
    setSpoken(format.time(localOf(column.day, next)));
  };

  return { spoken, placeOf, onFreeKey };
}
