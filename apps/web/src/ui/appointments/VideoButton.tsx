/**
 * The video-conference button (docs/requirements/accounts-and-appointments.md §4): "to come" (inactive) until 15 minutes before the start
 * on the same day, "join" from then — a link opening the meeting room in a new tab — and "finished"
 * after. It re-evaluates every 30 seconds until 5 minutes after the start, then asks the list to
 * refresh (onExpired).
 */
import { useEffect, useRef, useState } from 'react';
import { usePart } from '../../i18n/i18n.ts';
import { buttonClass } from '../Button.tsx';
import { Icon } from '../Icon.tsx';
import styles from './appointments.module.css';
import { VIDEO_POLL_MS, videoNeedsPolling, videoState } from './video-state.ts';

interface VideoButtonProps {
  start: string;
  /** The meeting room's address. */
  url: string;
  timeZone: string;
  /** Called once when the polling window ends (5 minutes after the start). */
  onExpired?: () => void;
}

/** The current time, refreshed every `interval` ms while `active`. */
function useNow(interval: number, active: (now: Date) => boolean): Date {
  const [now, setNow] = useState(() => new Date());
  const running = active(now);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(new Date()), interval);
    return () => clearInterval(timer);
  }, [interval, running]);
  return now;
}

export function VideoButton({ start, url, timeZone, onExpired }: VideoButtonProps) {
  const { t } = usePart('account');
  const now = useNow(VIDEO_POLL_MS, (at) => videoNeedsPolling(start, at));
  const state = videoState(start, now, timeZone);
  const polling = videoNeedsPolling(start, now);
  const wasPolling = useRef(polling);
  const expired = useRef(onExpired);
  expired.current = onExpired;
  useEffect(() => {
    if (wasPolling.current && !polling) expired.current?.();
    wasPolling.current = polling;
  }, [polling]);

  if (state === 'join') {
    return (
      <a
        className={buttonClass({ size: 's' }, styles.videoJoin)}
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="video-button"
        data-state={state}
      >
        <Icon name="video" size={18} />
        {t('account.video.join')}
        <span className="visually-hidden"> {t('common.newTab')}</span>
      </a>
    );
  }
  return (
    <span className={styles.videoIdle} data-testid="video-button" data-state={state}>
      <Icon name="video" size={18} />
      {state === 'toCome' ? t('account.video.toCome') : t('account.video.finished')}
    </span>
  );
}
