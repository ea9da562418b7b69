/** Price, duration and chips of a listed item, as the group chooses to display them. */
import { useTranslation } from '../../i18n/i18n.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { Icon } from '../../ui/Icon.tsx';
import styles from './HomePage.module.css';
import type { HomeItem } from './home-items.ts';

export function ItemMeta({ item }: { item: HomeItem }) {
  const { t } = useTranslation();
  const { group } = useGroupContext();
  const format = useFormatters();
  const parts: string[] = [];
  if (item.count !== null) parts.push(t('booking.item.services', { count: item.count }));
  if (group.display_intervention_length && item.length) parts.push(format.duration(item.length));
  if (group.display_intervention_price && item.price !== null) parts.push(format.price(item.price));
  const chips = item.promotion !== null || item.videoconference || item.kind === 'pack';
  if (parts.length === 0 && !chips) return null;
  return (
    <div className={styles.meta}>
      {parts.length > 0 && <span className={styles.metaText}>{parts.join(' · ')}</span>}
      {item.kind === 'pack' && <span className={styles.chip}>{t('booking.item.pack')}</span>}
      {item.promotion !== null && (
        <span className={`${styles.chip} ${styles.promo}`}>
          {t('booking.item.promotion', { percent: item.promotion })}
        </span>
      )}
      {item.videoconference && (
        <span className={styles.chip}>
          <Icon name="video" size={14} />
          {t('booking.item.videoconference')}
        </span>
      )}
    </div>
  );
}
