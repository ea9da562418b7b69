/**
 * The video-conference button's state (docs/requirements/accounts-and-appointments.md §4, §9): inactive "to come" until 15 minutes before
 * the start on the same day (group time zone), "join" from then, "finished" from 5 minutes after
 * the start — the spec's polling limit, after which the list refreshes. Late joiners beyond that
 * call the business; that limit is the spec's, kept as is.
 */
import { localDateIn } from '@creneau/core/time/time-zone';

/** docs/requirements/accounts-and-appointments.md §9: available 15 minutes before the start. */
export const VIDEO_OPENS_BEFORE_MS = 15 * 60_000;
/** docs/requirements/accounts-and-appointments.md §9: polling every 30 seconds. */
export const VIDEO_POLL_MS = 30_000;
/** docs/requirements/accounts-and-appointments.md §9: polling stops 5 minutes after the start. */
export const VIDEO_CLOSES_AFTER_MS = 5 * 60_000;

export type VideoState = 'toCome' | 'join' | 'finished';

/** The state of the button at `now` for an appointment starting at `start`. */
export function videoState(start: string | Date, now: Date, timeZone: string): VideoState {
  const startMs = new Date(start).getTime();
  const nowMs = now.getTime();
  if (nowMs > startMs + VIDEO_CLOSES_AFTER_MS) return 'finished';
  const sameDay = localDateIn(now, timeZone) === localDateIn(new Date(startMs), timeZone);
  return sameDay && nowMs >= startMs - VIDEO_OPENS_BEFORE_MS ? 'join' : 'toCome';
}

/** True while the button must be re-evaluated every 30 seconds (until 5 minutes after the start). */
export function videoNeedsPolling(start: string | Date, now: Date): boolean {
  return now.getTime() <= new Date(start).getTime() + VIDEO_CLOSES_AFTER_MS;
}
