/**
 * Booking page "register_confirm" (docs/requirements/accounts-and-appointments.md §2): the activation e-mail is on its way, to the address
 * received through the navigation state; the booking resumes at the first login after activation.
 */

import { groupPath } from '../../../app/paths.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Link, useLocation } from '../../../routing/routing.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { StepHeader } from '../parts/StepHeader.tsx';
import { useBooking } from '../use-booking.ts';
import styles from './LoginPage.module.css';

export function RegisterConfirmPage() {
  const { t } = useTranslation();
  const { group } = useBooking();
  const { state, search } = useLocation();
  const email = (state as { email?: unknown } | null)?.email;
  return (
    <>
      <StepHeader step="register_confirm" />
      <section className={styles.card} data-testid="book-register-confirm">
        <p>
          {typeof email === 'string' && email
            ? t('booking.login.sentTo', { email })
            : t('booking.login.sent')}
        </p>
        <p>
          <Icon name="mail" size={18} /> {t('booking.login.resume')}
        </p>
        <Link to={{ pathname: groupPath(group.urlname, 'book/login'), search }}>
          {t('booking.login.backToLogin')}
        </Link>
      </section>
    </>
  );
}
