/**
 * The title row of a back-office screen: the group's name above the screen's h1, and the screen's
 * own actions on the right. Every section opens the same way, so the person always knows where
 * they are.
 */
import type { ReactNode } from 'react';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import styles from './admin-shell.module.css';

export function ScreenTitle({ title, id, children }: { title: string; id?: string; children?: ReactNode }) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  return (
    <div className={styles.titleRow}>
      <div className={styles.titleBlock}>
        <p className={styles.eyebrow}>
          {t('admin.eyebrow')} · {group.name}
        </p>
        <h1 id={id} className={styles.title}>
          {title}
        </h1>
      </div>
      {children && <div className={styles.titleActions}>{children}</div>}
    </div>
  );
}
