/**
 * How many of `total` items to draw now: `first` at once, then `step` more per task until all are
 * drawn, starting over when `key` changes. The agenda draws the columns a screen shows in its first
 * frame and the rest right after, so a week of thousands of appointments is on screen at once and in
 * the page (for the keyboard and screen readers) a moment later (docs/back-office.md "Agenda").
 */
import { useEffect, useState } from 'react';

export function useProgressiveCount(total: number, first: number, step: number, key: string): number {
  const [drawn, setDrawn] = useState({ key, count: first });
  // A new key (another week, other calendars) starts again from the first screenful.
  const count = drawn.key === key ? drawn.count : first;
  useEffect(() => {
    if (count >= total) return;
    // A task of its own, after the frame in between is painted.
    const timer = setTimeout(() => setDrawn({ key, count: count + step }), 0);
    return () => clearTimeout(timer);
  }, [count, total, step, key]);
  return Math.min(count, total);
}
