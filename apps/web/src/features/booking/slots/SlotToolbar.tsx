/**
 * Above the slots (docs/booking-flow.md § Slots): previous and next, which move by the days shown,
 * the days shown, and the month view's button.
 */
import type { Locale } from '@creneau/core/locales';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import type { SlotDay } from '../slot-days.ts';
import styles from '../steps/SlotsPage.module.css';
import { dayAndMonth } from './SlotGrid.tsx';

interface SlotToolbarProps {
  /** The days shown (at least one), and how many. */
  days: readonly SlotDay[];
  visible: number;
  locale: Locale;
  /** Where previous and next lead, null when they are off. */
  previous: string | null;
  next: string | null;
  /** Whether there is a slot request to move through (the choices are complete and valid). */
  ready: boolean;
  onStart: (date: string) => void;
  onPickDate: () => void;
}

export function SlotToolbar({
  days,
  visible,
  locale,
  previous,
  next,
  ready,
  onStart,
  onPickDate,
}: SlotToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.toolbar}>
      <Button
        variant="secondary"
        size="s"
        iconOnly
        onClick={() => previous && onStart(previous)}
        disabled={!previous || !ready}
        aria-label={t('booking.slots.previous', { count: visible })}
        data-testid="slots-previous"
      >
        <Icon name="back" size={18} />
      </Button>
      <p className={styles.range} aria-live="polite" data-testid="slots-range">
        {visible > 1
          ? t('booking.slots.range', {
              from: dayAndMonth(days[0]!.date, locale),
              to: dayAndMonth(days[days.length - 1]!.date, locale),
            })
          : dayAndMonth(days[0]!.date, locale)}
      </p>
      <Button
        variant="secondary"
        size="s"
        iconOnly
        onClick={() => next && onStart(next)}
        disabled={!next || !ready}
        aria-label={t('booking.slots.next', { count: visible })}
        data-testid="slots-next"
      >
        <Icon name="forward" size={18} />
      </Button>
      <Button
        variant="secondary"
        size="s"
        className={styles.pickDate}
        onClick={onPickDate}
        disabled={!ready}
        data-testid="slots-date-picker"
      >
        <Icon name="calendar" size={18} />
        <span className={styles.pickDateLabel}>{t('booking.slots.pickDate')}</span>
      </Button>
    </div>
  );
}
