/**
 * Why the last try to book failed (docs/requirements/accounts-and-appointments.md §8 booking
 * errors), with "log out" when the session cannot book for this person.
 */
import { useTranslation } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { openPopup } from '../../../ui/popup-store.ts';
import type { BookingFailure } from '../booking-errors.ts';
import styles from './fiche.module.css';

export function FicheFailure({ failure }: { failure: BookingFailure }) {
  const { t } = useTranslation();
  return (
    <div className={styles.failure} role="alert" data-testid="booking-error">
      <Icon name="alert" />
      <div>
        <p>{t(failure.key, failure.values)}</p>
        {failure.logout && (
          <Button variant="secondary" size="s" onClick={() => openPopup({ kind: 'logout' })}>
            {t('booking.fiche.logout')}
          </Button>
        )}
      </div>
    </div>
  );
}
