/**
 * All services, or only those with a promotion (docs/requirements/booking-flow.md §2 screen 2):
 * shown when some have one.
 */
import { useTranslation } from '../../../i18n/i18n.ts';
import styles from '../steps/InterventionIdsPage.module.css';

export type ServiceFilterValue = 'all' | 'promotions';

interface ServiceFilterProps {
  value: ServiceFilterValue;
  onChange: (value: ServiceFilterValue) => void;
}

export function ServiceFilter({ value: current, onChange }: ServiceFilterProps) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.filter}>
      <legend className="visually-hidden">{t('booking.services.filter')}</legend>
      {(['all', 'promotions'] as const).map((value) => (
        <label key={value} className={styles.filterOption}>
          <input
            type="radio"
            name="service-filter"
            value={value}
            checked={current === value}
            onChange={() => onChange(value)}
            data-testid={`filter-${value}`}
          />
          <span>{t(`booking.services.${value}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
