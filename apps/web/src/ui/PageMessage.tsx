/** A full-page message (not found, inactive, error…): icon, title, text and actions in a card. */
import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';
import styles from './PageMessage.module.css';

interface PageMessageProps {
  icon: IconName;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'neutral' | 'warning';
  testId?: string;
}

export function PageMessage({ icon, title, children, actions, tone = 'neutral', testId }: PageMessageProps) {
  return (
    <div className={[styles.wrap, tone === 'warning' && styles.warning].filter(Boolean).join(' ')}>
      <section className={styles.card} data-testid={testId} aria-labelledby="page-message-title">
        <div className={styles.badge} aria-hidden="true">
          <Icon name={icon} size={30} />
        </div>
        <h1 id="page-message-title" className={styles.title}>
          {title}
        </h1>
        {children && <div className={styles.body}>{children}</div>}
        {actions && <div className={styles.actions}>{actions}</div>}
      </section>
    </div>
  );
}
