/**
 * One appointment of the booking summary (docs/requirements/booking-flow.md §2, §4): its service or
 * pack with duration, price and promotion, a pack's services with their calendars, the calendar it
 * is with; and, while the booking may be edited, the handle that moves it and the buttons that
 * replace or remove it.
 */

import type { Calendar } from '../../../api/calendars.ts';
import type { Intervention } from '../../../api/interventions.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useFormatters } from '../../../lib/formatters.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { bestPromotion, displayName, packItemIds } from '../catalogue-filters.ts';
import { useBooking } from '../use-booking.ts';
import styles from './BookingSummary.module.css';
import type { useReorder } from './use-reorder.ts';

interface SummaryItemProps {
  item: Intervention;
  /** Its place in the booking, and how many appointments there are. */
  index: number;
  total: number;
  /** Who it is with (not shown for a pack, whose services each have theirs). */
  calendar: string | null;
  /** The calendars chosen for each service of a pack. */
  own: readonly (number | null)[];
  services: readonly Intervention[];
  calendars: readonly Calendar[];
  canEdit: boolean;
  reorder: ReturnType<typeof useReorder>;
  onReplace: () => void;
  onRemove: () => void;
}

export function SummaryItem(props: SummaryItemProps) {
  const { t } = useTranslation();
  const { item, index, total, calendar, canEdit, reorder } = props;
  return (
    <li className={styles.item} data-testid="summary-item" {...reorder.itemProps(index)}>
      {canEdit && total > 1 && (
        <button
          type="button"
          className={styles.handle}
          aria-label={t('booking.summary.move', {
            name: displayName(item),
            position: index + 1,
            total,
          })}
          aria-pressed={reorder.grabbed === index}
          {...reorder.handleProps(index)}
          data-testid="summary-move"
        >
          <Icon name="menu" size={18} />
        </button>
      )}
      <div className={styles.itemBody}>
        <p className={styles.itemName}>
          {displayName(item)}
          {item.type === 'pack' && <span className={styles.chip}>{t('booking.pack')}</span>}
        </p>
        <ItemMeta item={item} />
        {item.type === 'pack' && (
          <PackLines item={item} services={props.services} calendars={props.calendars} own={props.own} />
        )}
        {item.type !== 'pack' && calendar && (
          <p className={styles.with}>
            <Icon name="user" size={16} />
            {calendar}
          </p>
        )}
      </div>
      {canEdit && (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.iconButton}
            onClick={props.onReplace}
            aria-label={t('booking.summary.replace', { name: displayName(item) })}
            data-testid="summary-replace"
          >
            <Icon name="swap" size={18} />
          </button>
          {total > 1 && (
            <button
              type="button"
              className={styles.iconButton}
              onClick={props.onRemove}
              aria-label={t('booking.summary.remove', { name: displayName(item) })}
              data-testid="summary-remove"
            >
              <Icon name="close" size={18} />
            </button>
          )}
        </div>
      )}
    </li>
  );
}

function ItemMeta({ item }: { item: Intervention }) {
  const { t } = useTranslation();
  const { group } = useBooking();
  const format = useFormatters();
  const parts: string[] = [];
  if (group.display_intervention_length && item.length) parts.push(format.duration(item.length));
  const price = item.price ?? item.total_price ?? null;
  if (group.display_intervention_price && price !== null) parts.push(format.price(price));
  const promotion = bestPromotion(item);
  if (parts.length === 0 && !promotion) return null;
  return (
    <p className={styles.meta}>
      {parts.join(' · ')}
      {promotion > 0 && (
        <span className={styles.promo}>{t('booking.promotionUpTo', { percent: promotion })}</span>
      )}
    </p>
  );
}

function PackLines({
  item,
  services,
  calendars,
  own,
}: {
  item: Intervention;
  services: readonly Intervention[];
  calendars: readonly Calendar[];
  own: readonly (number | null)[];
}) {
  const { t } = useTranslation();
  return (
    <ul className={styles.packItems}>
      {packItemIds(item).map((id, k) => {
        const service = services.find((s) => s.id === id);
        const calendar = calendars.find((c) => c.id === own[k]);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a pack may hold the same service twice; its order is fixed
          <li key={`${id}-${k}`}>
            {service ? displayName(service) : t('booking.pack')}
            {calendar && <span className={styles.packWith}> · {displayName(calendar)}</span>}
          </li>
        );
      })}
    </ul>
  );
}
