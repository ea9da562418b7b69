/**
 * Moving an appointment by dragging it (mouse, pen or touch, through pointer events): past a few
 * pixels the press becomes a drag, a ghost follows the pointer snapped to the quarter hour in the
 * column under it, Escape puts everything back, and the drop asks the server to move it
 * (docs/back-office.md "Appointment detail": the new place is checked like a new booking). A press
 * that does not move stays a click, which opens the appointment.
 */
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { AgendaAppointment } from '../../api/admin-agenda.ts';
import { type Axis, minuteAtOffset, snapMinute } from './agenda-grid.ts';
import { minuteInDay } from './agenda-layout.ts';

/** A press that moves less than this (px) is a click. */
const DRAG_THRESHOLD = 5;

export interface DropTarget {
  /** Index of the board's column (day × calendar). */
  column: number;
  minute: number;
}

export interface Ghost extends DropTarget {
  appointment: AgendaAppointment;
  duration: number;
  /** Dropped: waiting for the server's answer. */
  pending: boolean;
}

interface BoardColumn {
  day: string;
  calendarId: number;
  resource: boolean;
}

interface Press {
  pointerId: number;
  x: number;
  y: number;
  appointment: AgendaAppointment;
  origin: DropTarget;
  /** Minutes between the block's start and the point grabbed. */
  grab: number;
  duration: number;
  source: HTMLElement;
  dragging: boolean;
  /** Escape was pressed: the release only ends the press. */
  cancelled: boolean;
  target: DropTarget;
}

export function useBoardDrag({
  axis,
  columns,
  tracks,
  draggingClass,
  onDrop,
}: {
  axis: Axis;
  columns: readonly BoardColumn[];
  /** The columns' tracks by column index. */
  tracks: { current: Map<number, HTMLElement> };
  /** Set on the block while its ghost is out. */
  draggingClass: string;
  onDrop: (appointment: AgendaAppointment, target: DropTarget) => Promise<void>;
}) {
  const [ghost, setGhost] = useState<Ghost | null>(null);
  const press = useRef<Press | null>(null);
  /** The click that ends a drag is not a click on what lies under it. */
  const swallowClick = useRef(false);
  const latest = useRef({ axis, columns, onDrop });
  latest.current = { axis, columns, onDrop };
  const stopRef = useRef<() => void>(() => {});
  const swallowOnce = useCallback(() => {
    swallowClick.current = true;
    setTimeout(() => {
      swallowClick.current = false;
    }, 0);
  }, []);

  /** The column under the pointer that can take the appointment: its own, or any calendar (no resource). */
  const targetAt = useCallback(
    (x: number, y: number, p: Press): DropTarget => {
      const { axis: a, columns: cols } = latest.current;
      let best: { column: number; distance: number; rect: DOMRect } | null = null;
      for (const [index, element] of tracks.current) {
        const col = cols[index];
        if (!col || (col.resource && index !== p.origin.column)) continue;
        const rect = element.getBoundingClientRect();
        const distance = x < rect.left ? rect.left - x : x >= rect.right ? x - rect.right + 1 : 0;
        if (!best || distance < best.distance) best = { column: index, distance, rect };
        if (distance === 0) break;
      }
      if (!best) return p.target;
      const minute = minuteAtOffset(y - best.rect.top, best.rect.height, a) - p.grab;
      return { column: best.column, minute: snapMinute(minute, a, p.duration) };
    },
    [tracks],
  );

  const stop = useCallback(
    (keepGhost: boolean) => {
      const p = press.current;
      press.current = null;
      stopRef.current();
      if (p) p.source.classList.remove(draggingClass);
      if (!keepGhost) setGhost(null);
    },
    [draggingClass],
  );

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>, appointment: AgendaAppointment, column: number) => {
      if (event.button !== 0 || press.current) return;
      const track = tracks.current.get(column);
      const col = latest.current.columns[column];
      if (!track || !col) return;
      const { axis: a } = latest.current;
      const start = minuteInDay(appointment.starts_local, col.day);
      const duration = Math.max(15, minuteInDay(appointment.ends_local, col.day) - start);
      const rect = track.getBoundingClientRect();
      const grabbed = minuteAtOffset(event.clientY - rect.top, rect.height, a);
      const origin = { column, minute: start };
      const p: Press = {
        pointerId: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        appointment,
        origin,
        grab: grabbed - start,
        duration,
        source: event.currentTarget,
        dragging: false,
        cancelled: false,
        target: origin,
      };
      press.current = p;

      let ghostShown = false;
      const move = (e: globalThis.PointerEvent) => {
        if (e.pointerId !== p.pointerId || p.cancelled) return;
        if (!p.dragging) {
          if (Math.hypot(e.clientX - p.x, e.clientY - p.y) < DRAG_THRESHOLD) return;
          p.dragging = true;
          p.source.classList.add(draggingClass);
        }
        e.preventDefault();
        const target = targetAt(e.clientX, e.clientY, p);
        if (target.column === p.target.column && target.minute === p.target.minute && ghostShown) return;
        p.target = target;
        ghostShown = true;
        setGhost({ ...target, appointment: p.appointment, duration: p.duration, pending: false });
      };
      const up = (e: globalThis.PointerEvent) => {
        if (e.pointerId !== p.pointerId) return;
        if (p.cancelled) {
          swallowOnce();
          stop(false);
          return;
        }
        if (!p.dragging) {
          stop(false);
          return;
        }
        swallowOnce();
        const { target, origin: from } = p;
        if (target.column === from.column && target.minute === from.minute) {
          stop(false);
          return;
        }
        stop(true);
        setGhost({ ...target, appointment: p.appointment, duration: p.duration, pending: true });
        void latest.current.onDrop(p.appointment, target).finally(() => setGhost(null));
      };
      const cancel = (e: globalThis.PointerEvent) => {
        if (e.pointerId === p.pointerId) stop(false);
      };
      // Escape puts the block back; the press still ends with a release, whose click is not one.
      const key = (e: KeyboardEvent) => {
        if (e.key !== 'Escape' || p.cancelled) return;
        e.preventDefault();
        e.stopPropagation();
        p.cancelled = true;
        p.source.classList.remove(draggingClass);
        setGhost(null);
      };
      window.addEventListener('pointermove', move, { passive: false });
      window.addEventListener('pointerup', up);
      window.addEventListener('pointercancel', cancel);
      window.addEventListener('keydown', key, true);
      stopRef.current = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        window.removeEventListener('pointercancel', cancel);
        window.removeEventListener('keydown', key, true);
      };
    },
    [tracks, targetAt, stop, draggingClass, swallowOnce],
  );

  useEffect(() => () => stopRef.current(), []);

  /** True when this click only ends a drag (and must not open or book anything). */
  const clickEndsDrag = useCallback(() => swallowClick.current, []);

  return { ghost, onPointerDown, clickEndsDrag };
}
