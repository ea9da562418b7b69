/** The footer's GDPR choices: allow or refuse the group's measurement and advertising tags. */
import { useState } from 'react';
import { Switch } from 'react-aria-components/Switch';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { notify } from '../../../ui/notification-store.ts';
import { setConsent, useConsentStore } from '../../tracking/consent.ts';
import { closePrivacyChoices } from '../privacy-choices-store.ts';
import styles from './PrivacyChoicesDialog.module.css';

export function PrivacyChoicesDialog() {
  const { t } = useTranslation();
  const current = useConsentStore((state) => state.consent);
  const [allowed, setAllowed] = useState(current === 'granted');
  const save = () => {
    setConsent(allowed ? 'granted' : 'denied');
    closePrivacyChoices();
    notify('privacyChoicesSaved', { tone: 'success' });
  };
  return (
    <Dialog
      title={t('privacy.title')}
      onClose={closePrivacyChoices}
      testId="privacy-choices"
      actions={
        <>
          <Button variant="secondary" onClick={closePrivacyChoices}>
            {t('common.cancel')}
          </Button>
          <Button onClick={save}>{t('privacy.save')}</Button>
        </>
      }
    >
      <p>{t('privacy.intro')}</p>
      <div className={styles.choice}>
        <div className={styles.choiceText}>
          <strong>{t('privacy.essentialTitle')}</strong>
          <span>{t('privacy.essentialText')}</span>
        </div>
        <span className={styles.always}>{t('privacy.alwaysOn')}</span>
      </div>
      <div className={styles.choice}>
        <div className={styles.choiceText}>
          <strong id="privacy-measure-title">{t('privacy.measureTitle')}</strong>
          <span id="privacy-measure-text">{t('privacy.measureText')}</span>
        </div>
        <Switch
          className={styles.switch}
          isSelected={allowed}
          onChange={setAllowed}
          aria-labelledby="privacy-measure-title"
          aria-describedby="privacy-measure-text"
        >
          <span className={styles.track} aria-hidden="true">
            <span className={styles.thumb} />
          </span>
        </Switch>
      </div>
    </Dialog>
  );
}
