/** The home page's title, description and calls to action. */

import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { ButtonAnchor, ButtonLink } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { RichText } from '../../ui/RichText.tsx';
import styles from './HomePage.module.css';
import { useBookingLink } from './use-booking-link.ts';

export function HomeHero({ title, description }: { title: string; description: string | null }) {
  const { t } = usePart('home');
  const { group, steps } = useGroupContext();
  const link = useBookingLink();
  const phone = group.phone?.trim();
  return (
    <section className={styles.hero}>
      <h1 className={styles.title}>{title}</h1>
      {description && <RichText text={description} className={styles.description} />}
      <div className={styles.ctas}>
        <ButtonLink to={link.step(steps[0]?.name ?? 'intervention_ids')} data-testid="home-book">
          <Icon name="calendar" />
          {t('home.book')}
        </ButtonLink>
        {phone && (
          <ButtonAnchor variant="secondary" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
            <Icon name="phone" />
            {t('home.call')}
            <span className={styles.phoneNumber}>{phone}</span>
          </ButtonAnchor>
        )}
      </div>
    </section>
  );
}
