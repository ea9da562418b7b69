/**
 * Reordering a short list by its handles, with a pointer (drag the handle; the row follows the
 * pointer and lands where it is dropped) or the keyboard (Space or Enter picks the row up, the
 * arrow keys move it one place at a time, Space, Enter, Escape or Tab put it down). Each move is
 * announced through `announcement` for screen readers.
 */
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';

interface Drag {
  from: number;
  startY: number;
  /** Vertical centre of every row when the drag began. */
  centres: number[];
  rows: HTMLElement[];
}

/** The index a dragged row lands on, from its centre's position among the others. */
export function dropIndex(centres: readonly number[], from: number, centre: number): number {
  let to = 0;
  centres.forEach((c, i) => {
    if (i !== from && centre > c) to++;
  });
  return to;
}

export function useReorder(count: number, move: (from: number, to: number) => void) {
  const list = useRef<HTMLOListElement | null>(null);
  const drag = useRef<Drag | null>(null);
  /** A keyboard move is re-rendering the rows: the handle's focus loss is not a drop. */
  const moving = useRef(false);
  const [dragging, setDragging] = useState<{ index: number; dy: number } | null>(null);
  const [grabbed, setGrabbed] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState<{ position: number } | null>(null);

  const rowsOf = () => Array.from(list.current?.querySelectorAll<HTMLElement>(':scope > li') ?? []);

  const onPointerDown = (index: number) => (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || count < 2) return;
    const rows = rowsOf();
    drag.current = {
      from: index,
      startY: event.clientY,
      rows,
      centres: rows.map((row) => {
        const box = row.getBoundingClientRect();
        return box.top + box.height / 2;
      }),
    };
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging({ index, dy: 0 });
  };

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current) return;
    setDragging({ index: current.from, dy: event.clientY - current.startY });
  };

  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    drag.current = null;
    setDragging(null);
    if (!current) return;
    const dy = event.clientY - current.startY;
    if (Math.abs(dy) < 6) return;
    const to = dropIndex(current.centres, current.from, current.centres[current.from]! + dy);
    if (to !== current.from) {
      move(current.from, to);
      setAnnouncement({ position: to + 1 });
    }
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      setGrabbed(grabbed === index ? null : index);
      return;
    }
    if (grabbed !== index) return;
    if (event.key === 'Escape' || event.key === 'Tab') {
      setGrabbed(null);
      return;
    }
    const delta = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (delta === 0) return;
    event.preventDefault();
    const to = index + delta;
    if (to < 0 || to >= count) return;
    moving.current = true;
    move(index, to);
    setGrabbed(to);
    setAnnouncement({ position: to + 1 });
    // The row re-renders at its new place: keep the focus on its handle.
    requestAnimationFrame(() => {
      rowsOf()[to]?.querySelector<HTMLButtonElement>('button')?.focus();
      moving.current = false;
    });
  };

  return {
    grabbed,
    announcement,
    listProps: { ref: list },
    itemProps: (index: number) => ({
      'data-dragging': dragging?.index === index || grabbed === index || undefined,
      style:
        dragging?.index === index
          ? { transform: `translateY(${dragging.dy}px)`, zIndex: 2, position: 'relative' as const }
          : undefined,
    }),
    handleProps: (index: number) => ({
      onPointerDown: onPointerDown(index),
      onPointerMove,
      onPointerUp,
      onPointerCancel: () => {
        drag.current = null;
        setDragging(null);
      },
      onKeyDown: onKeyDown(index),
      onBlur: () => {
        if (grabbed === index && !moving.current) setGrabbed(null);
      },
    }),
  };
}
