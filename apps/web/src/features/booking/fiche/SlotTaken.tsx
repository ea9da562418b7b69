/**
 * "This time has just been taken", with the later times the server found free for the same choices
 * (docs/booking.md "When the time was just taken"): one button per time, in the page's language and
 * on the group's clock (the starts carry the group's offset). Picking one books it at once with the
 * details already typed; "all times" goes back to the slot list. The message takes the focus when it
 * appears, so a keyboard or screen-reader user lands on it, and is announced as an alert.
 */
import { formatWallDateTime } from '@creneau/core/format/date-time';
import type { Locale } from '@creneau/core/locales';
import { useEffect, useId, useRef } from 'react';
import type { AvailableSlot } from '../../../api/availabletimeslots.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import styles from './fiche.module.css';

interface SlotTakenProps {
  slots: readonly AvailableSlot[];
  locale: Locale;
  /** A booking is under way: the times wait. */
  busy: boolean;
  onPick: (slot: AvailableSlot) => void;
  onShowAll: () => void;
}

export function SlotTaken({ slots, locale, busy, onPick, onShowAll }: SlotTakenProps) {
  const { t } = useTranslation();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (slots.length > 0) box.current?.focus();
  }, [slots]);
  return (
    <div
      ref={box}
      className={`${styles.failure} ${styles.taken}`}
      role="alert"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-lead`}
      tabIndex={-1}
      data-testid="slot-taken"
    >
      <Icon name="alert" />
      <div>
        <p id={`${id}-title`}>{t('booking.taken.title')}</p>
        <p id={`${id}-lead`} className={styles.takenLead}>
          {t('booking.taken.lead')}
        </p>
        <ul className={styles.takenTimes} aria-labelledby={`${id}-lead`}>
          {slots.map((slot) => (
            <li key={slot.start}>
              <Button
                variant="secondary"
                size="s"
                disabled={busy}
                onClick={() => onPick(slot)}
                data-testid="slot-taken-time"
                data-start={slot.start}
              >
                {formatWallDateTime(slot.start.slice(0, 16), { locale, style: 'full' })}
              </Button>
            </li>
          ))}
        </ul>
        <Button variant="secondary" size="s" disabled={busy} onClick={onShowAll} data-testid="slot-taken-all">
          {t('booking.taken.showAll')}
        </Button>
      </div>
    </div>
  );
}
