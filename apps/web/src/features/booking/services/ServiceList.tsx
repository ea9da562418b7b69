/**
 * The services and packs to pick from (docs/requirements/booking-flow.md §2 screen 2): each with its
 * image and description when the group shows them, its duration, price and chips, and "in the
 * booking" (not pickable) when adding to or replacing in a booking that has it already.
 */

import type { Intervention } from '../../../api/interventions.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { displayName } from '../catalogue-filters.ts';
import styles from '../steps/InterventionIdsPage.module.css';
import { ServiceMeta } from './ServiceMeta.tsx';

interface ServiceListProps {
  groups: readonly Intervention[][];
  onPick: (ids: number[]) => void;
  inBooking: (ids: readonly number[]) => boolean;
  chosen: (ids: readonly number[]) => boolean;
  mode: { image?: boolean; description?: boolean } | undefined;
}

export function ServiceList({ groups, onPick, inBooking, chosen, mode }: ServiceListProps) {
  const { t } = useTranslation();
  return (
    <ul className={styles.list} aria-label={t('steps.intervention_ids.title')} data-testid="service-list">
      {groups.map((group) => {
        const item = group[0]!;
        const ids = group.map((s) => s.id);
        const taken = inBooking(ids);
        const selected = chosen(ids);
        return (
          <li key={item.id} className={styles.cell} data-selected={selected || undefined}>
            <button
              type="button"
              className={styles.service}
              onClick={() => onPick(ids)}
              disabled={taken}
              aria-current={selected ? 'true' : undefined}
              data-testid={`service-${item.id}`}
            >
              {(mode?.image ?? true) && item.thumbnail && (
                <img
                  className={styles.thumb}
                  src={item.thumbnail}
                  alt=""
                  width={128}
                  height={128}
                  loading="lazy"
                />
              )}
              <span className={styles.body}>
                <span className={styles.name}>{displayName(item)}</span>
                <ServiceMeta item={item} />
                {(mode?.description ?? true) && item.description && (
                  <span className={styles.description}>{item.description}</span>
                )}
                {taken && <span className={styles.taken}>{t('booking.services.inBooking')}</span>}
              </span>
              <Icon name="forward" size={20} className={styles.arrow} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
