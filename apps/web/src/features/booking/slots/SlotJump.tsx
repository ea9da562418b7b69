/**
 * The days shown have no room but a later one has (docs/booking-flow.md § Slots): the first free
 * time (firstSlot of the answer), one tap away.
 */
import { formatWallDateTime } from '@creneau/core/format/date-time';
import type { Locale } from '@creneau/core/locales';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import styles from '../steps/SlotsPage.module.css';

interface SlotJumpProps {
  /** The first free slot's start. */
  nextSlot: string;
  locale: Locale;
  busy: boolean;
  onJump: () => void;
}

export function SlotJump({ nextSlot, locale, busy, onJump }: SlotJumpProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.jump} data-testid="slots-jump" aria-busy={busy}>
      <Icon name="calendarCheck" size={28} className={styles.jumpIcon} />
      <div className={styles.jumpText}>
        <p>{t('booking.slots.noneThesedays')}</p>
        <p className={styles.jumpNext} data-testid="slots-next-available">
          {t('booking.slots.jumpTo', {
            date: formatWallDateTime(nextSlot.slice(0, 16), { locale, style: 'full' }),
          })}
        </p>
      </div>
      <Button onClick={onJump} data-testid="slots-jump-button">
        {t('booking.slots.showNext')}
        <Icon name="forward" size={18} />
      </Button>
    </div>
  );
}
