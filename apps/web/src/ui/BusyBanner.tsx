/**
 * "Many people are booking right now — retrying in N s" (docs/operations.md "Under overload"): shown
 * while any call waits to be asked again after a busy answer, gone when the calls are through. A
 * status, never an alert: it takes no focus and leaves the page, and what was typed in it, alone.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { lastRetryAt, useBusyStore } from '../lib/busy-store.ts';
import styles from './BusyBanner.module.css';
import { Icon } from './Icon.tsx';

/** Whole seconds until `instant`, rounded up: "1 s" until the very moment, then 0. */
export function secondsUntil(instant: number, now: number): number {
  return Math.max(0, Math.ceil((instant - now) / 1000));
}

/** The seconds left before `retryAt`, ticking while there is a wait. */
function useSecondsLeft(retryAt: number | null): number | null {
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    if (retryAt === null) {
      setSeconds(null);
      return;
    }
    const tick = () => setSeconds(secondsUntil(retryAt, Date.now()));
    tick();
    // Four looks a second: the number changes within a quarter second of the real one.
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [retryAt]);
  return seconds;
}

export function BusyBanner() {
  const { t } = useTranslation();
  const retryAt = useBusyStore((state) => lastRetryAt(state.waits));
  const seconds = useSecondsLeft(retryAt);
  // A screen reader hears the sentence once per wait, with the delay as it starts; announcing
  // every second of the countdown would talk over the page.
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    setAnnounced(
      retryAt === null ? '' : t('busy.retryingIn', { seconds: secondsUntil(retryAt, Date.now()) }),
    );
  }, [retryAt, t]);

  const visible = retryAt !== null && seconds !== null;
  return (
    <div className={styles.region} role="status" data-testid="busy-banner">
      {visible && (
        <div className={styles.banner}>
          <Icon className={styles.icon} name="clock" />
          <p className={styles.text} aria-hidden="true" data-testid="busy-countdown">
            {seconds > 0 ? t('busy.retryingIn', { seconds }) : t('busy.retryingNow')}
          </p>
        </div>
      )}
      <span className="visually-hidden">{announced}</span>
    </div>
  );
}
