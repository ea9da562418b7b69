/**
 * A small picture of the booking page in the draft's colours (docs/group-configuration.md
 * "Display"): its header with the logo or initials, a heading, a line of text, a link and a
 * button. It sets the same CSS variables the booking pages set (themeVariables), on itself only, so
 * the header and the button are drawn by the pages' own rules and follow every keystroke before a
 * save. Under it, the pairs of colours whose text would not reach WCAG AA.
 */
import { themeVariables } from '@creneau/core/theme/palette';
import { type CSSProperties, useId } from 'react';
import { initials } from '../../../app/shell/Header.tsx';
import { usePart } from '../../../i18n/i18n.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import styles from './theme.module.css';
import { AA_RATIO, contrastWarnings, type themeOf } from './theme-draft.ts';

export function ThemePreview({
  theme,
  name,
  logoUrl,
}: {
  theme: ReturnType<typeof themeOf>;
  name: string;
  logoUrl: string | null;
}) {
  const { t, i18n } = usePart('admin');
  const variables = themeVariables(theme) as CSSProperties;
  const warnings = contrastWarnings(theme);
  const titleId = useId();
  const ratio = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <section className={styles.previewArea} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.previewTitle}>
        {t('admin.settings.theme.preview.title')}
      </h2>
      <div className={styles.preview} style={variables} data-testid="theme-preview">
        <div className={styles.previewHeader} data-testid="theme-preview-header">
          {logoUrl ? (
            <span className={styles.previewChip}>
              <img className={styles.previewLogo} src={logoUrl} alt="" data-testid="theme-preview-logo" />
            </span>
          ) : (
            <span className={styles.previewMonogram} aria-hidden="true">
              {initials(name)}
            </span>
          )}
          <span className={styles.previewName}>{name}</span>
        </div>
        <div className={styles.previewBody}>
          <p className={styles.previewHeading}>{t('admin.settings.theme.preview.heading')}</p>
          <p className={styles.previewText}>{t('admin.settings.theme.preview.text')}</p>
          <span className={styles.previewLink}>{t('admin.settings.theme.preview.link')}</span>
          <span
            className={buttonClass({ size: 's' }, styles.previewButton)}
            data-testid="theme-preview-button"
          >
            {t('admin.settings.theme.preview.button')}
          </span>
        </div>
      </div>
      <div aria-live="polite" data-testid="theme-contrast">
        {warnings.length > 0 && (
          <div className={styles.warnings}>
            <p className={styles.warningTitle}>
              <Icon name="alert" size={18} />
              {t('admin.settings.theme.contrast.title')}
            </p>
            <ul className={styles.warningList}>
              {warnings.map((warning) => (
                <li key={warning.pair} data-testid="theme-contrast-warning" data-pair={warning.pair}>
                  {t(`admin.settings.theme.contrast.${warning.pair}`, { ratio: ratio.format(warning.ratio) })}
                </li>
              ))}
            </ul>
            <p className={styles.warningNote}>
              {t('admin.settings.theme.contrast.note', { ratio: ratio.format(AA_RATIO) })}
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
