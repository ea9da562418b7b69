/**
 * The business details' languages offered to customers: a check box for each, the main language
 * always on (it cannot be left out), its error under them.
 */
import type { ReactNode } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import styles from './settings.module.css';

export function LanguageChecks({
  languages,
  languageName,
  main,
  enabled,
  errorId,
  problem,
  register,
  onToggle,
}: {
  /** The codes, in the order shown. */
  languages: readonly string[];
  languageName: (code: string) => string;
  main: string;
  enabled: readonly string[];
  /** The id of the error message while one shows. */
  errorId: string | undefined;
  problem: ReactNode;
  /** Takes the first box: the one focused when the languages have a problem. */
  register: (element: HTMLElement | null) => void;
  onToggle: (code: string, on: boolean) => void;
}) {
  const { t } = usePart('admin');
  return (
    <fieldset className={styles.languages} aria-describedby={errorId}>
      <legend className={forms.label}>{t('admin.settings.fields.enabled_locales')}</legend>
      <div className={styles.checks}>
        {languages.map((code, index) => {
          const isMain = code === main;
          return (
            <label key={code} className={styles.check}>
              <input
                type="checkbox"
                checked={isMain || enabled.includes(code)}
                disabled={isMain}
                ref={index === 0 ? register : undefined}
                onChange={(event) => onToggle(code, event.target.checked)}
                data-testid={`settings-language-${code}`}
              />
              <span>{languageName(code)}</span>
              {isMain && <span className={styles.mainTag}>{t('admin.settings.details.main')}</span>}
            </label>
          );
        })}
      </div>
      {problem}
    </fieldset>
  );
}
