/**
 * The numbered booking step bar (docs/requirements/booking-flow.md §2): shown from the second step on and not on the confirm
 * step; earlier steps are links back, the next one too when "next" is allowed; in edit mode the
 * steps before the slots are locked; steps passed over are struck through and greyed. The states
 * come from @creneau/core/booking/step-bar. On phones only the numbers show, with the current
 * step's name.
 */
import type { StepBarItem } from '@creneau/core/booking/step-bar';
import { useTranslation } from '../../i18n/i18n.ts';
import { Icon } from '../../ui/Icon.tsx';
import styles from './StepBar.module.css';

interface StepBarProps {
  items: readonly StepBarItem[];
  onSelect: (index: number) => void;
  /**
   * Drawn invisible and inert, only to hold its room: on a first step about to be passed over,
   * so the next step's bar does not push the page down when it shows.
   */
  reserved?: boolean;
}

export function StepBar({ items, onSelect, reserved = false }: StepBarProps) {
  const { t } = useTranslation();
  const current = items.find((item) => item.state === 'current');
  return (
    <nav
      className={reserved ? `${styles.bar} ${styles.reserved}` : styles.bar}
      aria-label={t('booking.bar.label')}
      aria-hidden={reserved || undefined}
      inert={reserved || undefined}
      data-testid={reserved ? undefined : 'step-bar'}
    >
      <ol className={styles.list}>
        {items.map((item, index) => {
          const label = t(`steps.${item.name}.label`);
          const status = t(`booking.bar.state.${item.state}`);
          const content = (
            <>
              <span className={styles.dot} aria-hidden="true">
                {item.state === 'done' ? (
                  <Icon name="check" size={16} />
                ) : item.state === 'locked' ? (
                  <Icon name="shield" size={14} />
                ) : (
                  item.number
                )}
              </span>
              <span className={styles.label}>
                {item.state === 'blocked' ? <s>{label}</s> : label}
                <span className="visually-hidden">{`, ${status}`}</span>
              </span>
            </>
          );
          return (
            <li key={item.name} className={styles.item} data-state={item.state}>
              {item.clickable ? (
                <button
                  type="button"
                  className={styles.step}
                  onClick={() => onSelect(index)}
                  data-testid={`step-bar-${item.name}`}
                >
                  {content}
                </button>
              ) : (
                <span
                  className={styles.step}
                  aria-current={item.state === 'current' ? 'step' : undefined}
                  data-testid={`step-bar-${item.name}`}
                >
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {current && (
        <p className={styles.phoneCurrent} aria-hidden="true">
          {t(`steps.${current.name}.label`)}
        </p>
      )}
    </nav>
  );
}
