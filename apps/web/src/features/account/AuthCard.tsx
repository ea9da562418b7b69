/** The frame of the sign-in pages: one centred card with an icon, the page's h1, a lead and links. */
import type { ReactNode, Ref } from 'react';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import styles from './account.module.css';

interface AuthCardProps {
  icon: IconName;
  title: ReactNode;
  titleId?: string;
  /** Given when the page moves the focus to its title (after a result arrives): it becomes focusable. */
  titleRef?: Ref<HTMLHeadingElement>;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

export function AuthCard({ icon, title, titleId, titleRef, lead, children, footer, testId }: AuthCardProps) {
  return (
    <div className={styles.authWrap}>
      <section className={styles.authCard} aria-labelledby={titleId} data-testid={testId}>
        <header className={styles.authHeader}>
          <span className={styles.badge} aria-hidden="true">
            <Icon name={icon} size={24} />
          </span>
          <h1 id={titleId} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className={styles.authTitle}>
            {title}
          </h1>
          {lead && <p className={styles.lead}>{lead}</p>}
        </header>
        {children}
        {footer && <div className={styles.footer}>{footer}</div>}
      </section>
    </div>
  );
}
