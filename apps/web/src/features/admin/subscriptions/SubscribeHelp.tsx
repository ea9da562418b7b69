/** How to add the address to the common calendar apps, in a few words each. */
import { useId } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import styles from './subscriptions.module.css';

const APPS = ['google', 'apple', 'outlook'] as const;

export function SubscribeHelp() {
  const { t } = usePart('admin');
  const headingId = useId();
  return (
    <aside className={`${styles.panel} ${styles.help}`} aria-labelledby={headingId} data-testid="feed-help">
      <h2 id={headingId} className={styles.heading}>
        {t('admin.feeds.help.title')}
      </h2>
      <ul className={styles.apps}>
        {APPS.map((app) => (
          <li key={app} className={styles.meta}>
            {t(`admin.feeds.help.${app}`)}
          </li>
        ))}
      </ul>
      <p className={styles.meta}>{t('admin.feeds.help.delay')}</p>
    </aside>
  );
}
