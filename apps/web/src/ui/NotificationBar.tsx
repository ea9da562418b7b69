/** The timed notification bar (3 s; kept while hovered or focused so it can be read and closed). */
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { Icon } from './Icon.tsx';
import styles from './NotificationBar.module.css';
import { clearNotification, NOTIFICATION_MS, useNotificationStore } from './notification-store.ts';

/** The text of a notification key: its translation when it is a known key, else the key itself. */
export function useNotificationText() {
  const { t, i18n } = useTranslation();
  return (key: string, values?: Record<string, string | number>) =>
    /^[A-Za-z_]\w*$/.test(key) && i18n.exists(`messages.${key}`) ? t(`messages.${key}`, values) : key;
}

export function NotificationBar() {
  const current = useNotificationStore((state) => state.current);
  const [held, setHeld] = useState(false);
  const { t } = useTranslation();
  const text = useNotificationText();

  useEffect(() => {
    if (!current || held) return;
    const timer = setTimeout(clearNotification, NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [current, held]);

  useEffect(() => {
    if (!current) setHeld(false);
  }, [current]);

  return (
    <div className={styles.region} aria-live="assertive" aria-atomic="true">
      {current && (
        <div
          key={current.id}
          className={[styles.bar, styles[current.tone]].join(' ')}
          role="alert"
          data-testid="notification"
          onMouseEnter={() => setHeld(true)}
          onMouseLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
        >
          <Icon
            className={styles.icon}
            name={current.tone === 'success' ? 'check' : current.tone === 'error' ? 'alert' : 'info'}
          />
          <p className={styles.text}>{text(current.key, current.values)}</p>
          <button
            type="button"
            className={styles.close}
            onClick={clearNotification}
            aria-label={t('common.close')}
          >
            <Icon name="close" size={18} />
          </button>
        </div>
      )}
    </div>
  );
}
