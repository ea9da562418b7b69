/** The footer (docs/requirements/accounts-and-appointments.md §2): terms by country, accessibility, GDPR choices, © 2006–this year. */
import { useTranslation } from '../../i18n/i18n.ts';
import styles from './Footer.module.css';
import { legalLinks } from './legal-links.ts';
import { openPrivacyChoices } from './privacy-choices-store.ts';

const FIRST_YEAR = 2006;

export function Footer({ country }: { country: string | null | undefined }) {
  const { t } = useTranslation();
  const links = legalLinks(country);
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer} data-testid="footer">
      <div className={styles.inner}>
        <ul className={styles.links}>
          <li>
            <a className={styles.link} href={links.terms} target="_blank" rel="noopener noreferrer">
              {t('footer.terms')}
              <span className="visually-hidden"> {t('common.newTab')}</span>
            </a>
          </li>
          <li>
            <a className={styles.link} href={links.accessibility} target="_blank" rel="noopener noreferrer">
              {t('footer.accessibility')}
              <span className="visually-hidden"> {t('common.newTab')}</span>
            </a>
          </li>
          <li>
            <button type="button" className={styles.link} onClick={openPrivacyChoices}>
              {t('footer.privacyChoices')}
            </button>
          </li>
        </ul>
        <p className={styles.copyright}>{t('footer.copyright', { from: FIRST_YEAR, to: year })}</p>
      </div>
    </footer>
  );
}
