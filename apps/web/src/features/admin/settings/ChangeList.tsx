/** A list of configuration changes in plain words: what, and before → after (change-format.ts). */
import type { ConfigurationChange } from '../../../api/admin-settings.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { describeChange } from './change-format.ts';
import styles from './settings.module.css';

export function ChangeList({ changes, testId }: { changes: readonly ConfigurationChange[]; testId: string }) {
  const { t } = usePart('admin');
  const words = {
    empty: t('admin.settings.changes.empty'),
    yes: t('admin.settings.changes.on'),
    no: t('admin.settings.changes.off'),
  };
  return (
    <ul className={styles.changes} data-testid={testId}>
      {changes.map((change) => {
        const line = describeChange(change, words);
        return (
          <li key={`${line.kind}:${line.path}`} className={styles.change} data-testid="settings-change">
            <div className={styles.changeHead}>
              <span className={`${styles.kind} ${styles[line.kind]}`}>
                {t(`admin.settings.changes.kind.${line.kind}`)}
              </span>
              {line.field && (
                <span className={styles.changeLabel}>{t(`admin.settings.fields.${line.field}`)}</span>
              )}
              <code className={styles.path}>{line.path}</code>
            </div>
            <p className={styles.values}>
              {line.before !== null && (
                <span className={styles.before}>
                  <span className="visually-hidden">{t('admin.settings.changes.before')} </span>
                  {line.before}
                </span>
              )}
              {line.before !== null && line.after !== null && (
                <span className={styles.arrow} aria-hidden="true">
                  →
                </span>
              )}
              {line.after !== null && (
                <span className={styles.after}>
                  <span className="visually-hidden">{t('admin.settings.changes.after')} </span>
                  {line.after}
                </span>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
