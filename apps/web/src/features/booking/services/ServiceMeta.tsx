/**
 * A service's or pack's duration, price and chips — pack, promotion, video — as the group chooses
 * to display them (docs/requirements/booking-flow.md §2 screen 2).
 */

import type { Intervention } from '../../../api/interventions.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useFormatters } from '../../../lib/formatters.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { bestPromotion } from '../catalogue-filters.ts';
import styles from '../steps/InterventionIdsPage.module.css';
import { useBooking } from '../use-booking.ts';

export function ServiceMeta({ item }: { item: Intervention }) {
  const { t } = useTranslation();
  const { group } = useBooking();
  const format = useFormatters();
  const price = item.price ?? item.total_price ?? null;
  const promotion = bestPromotion(item);
  const showLength = group.display_intervention_length && item.length > 0;
  const showPrice = group.display_intervention_price && price !== null;
  return (
    <span className={styles.meta}>
      {showLength && (
        <span className={styles.fact}>
          <Icon name="clock" size={16} />
          {format.duration(item.length)}
        </span>
      )}
      {showPrice && (
        <span className={styles.fact}>{price === 0 ? t('booking.free') : format.price(price)}</span>
      )}
      {item.type === 'pack' && <span className={styles.chip}>{t('booking.item.pack')}</span>}
      {promotion > 0 && (
        <span
          className={`${styles.chip} ${styles.promo}`}
          title={item.promotions.map((p) => p.label).join(' · ')}
        >
          {t('booking.promotionUpTo', { percent: promotion })}
        </span>
      )}
      {item.videoconference && (
        <span className={styles.chip}>
          <Icon name="video" size={14} />
          {t('booking.item.videoconference')}
        </span>
      )}
    </span>
  );
}
