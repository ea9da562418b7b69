/**
 * /{urlname}/personal_data (docs/requirements/accounts-and-appointments.md §1, §2): what is kept and for how long, the delete-account
 * warning, and how to ask for deletion — from the professional, or from the provider's
 * data-protection officer by post or e-mail.
 */
import { useTranslation } from '../../i18n/i18n.ts';
import { appConfig } from '../../lib/config.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Card, PageContainer, PageHeader } from '../../ui/Page.tsx';
import styles from './PersonalDataPage.module.css';

/** Minimum retention from registration (docs/requirements/accounts-and-appointments.md §9). */
const RETENTION_YEARS = 3;

export function PersonalDataPage() {
  const { t } = useTranslation();
  const { group } = useGroupContext();
  const phone = group.phone?.trim();
  return (
    <PageContainer narrow>
      <PageHeader
        title={t('pages.personalData.title')}
        lead={t('pages.personalData.lead', { name: group.name })}
      />
      <div className={styles.sections}>
        <Card>
          <h2 className={styles.sectionTitle}>
            <Icon name="shield" />
            {t('pages.personalData.keptTitle')}
          </h2>
          <div className={styles.text}>
            <p>{t('pages.personalData.keptText', { name: group.name })}</p>
            <p>{t('pages.personalData.retention', { count: RETENTION_YEARS })}</p>
          </div>
        </Card>
        <Card className={styles.warning}>
          <h2 className={styles.sectionTitle}>
            <Icon name="alert" />
            {t('pages.personalData.deleteTitle')}
          </h2>
          <div className={styles.text}>
            <p data-testid="delete-account-warning">{t('pages.personalData.deleteWarning')}</p>
          </div>
        </Card>
        <Card>
          <h2 className={styles.sectionTitle}>
            <Icon name="mail" />
            {t('pages.personalData.howTitle')}
          </h2>
          <ul className={styles.ways}>
            <li className={styles.way}>
              <strong>{t('pages.personalData.askProfessional', { name: group.name })}</strong>
              <span>
                {phone ? (
                  <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
                    {t('pages.personalData.callPhone', { phone })}
                  </a>
                ) : (
                  t('pages.personalData.askProfessionalText')
                )}
              </span>
            </li>
            <li className={styles.way}>
              <strong>{t('pages.personalData.askDpoEmail')}</strong>
              <a href={`mailto:${appConfig.dpoEmail}`}>{appConfig.dpoEmail}</a>
            </li>
            <li className={styles.way}>
              <strong>{t('pages.personalData.askDpoPost')}</strong>
              <address>{appConfig.dpoPostalAddress}</address>
            </li>
          </ul>
        </Card>
      </div>
    </PageContainer>
  );
}
