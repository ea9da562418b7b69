/**
 * The days of the slot step side by side (spec 000 §2 screen 6, §9): a column per visible day,
 * one row per hour from the earliest to the latest slot hour; an hour with one slot is a button
 * for it, an hour with several a menu of their times (and remaining capacity when the group shows
 * it); promoted slots carry "-N%"; a day without slots says so.
 */
import { formatDayHeader, formatWeekday } from '@creneau/core/format/date-time';
import { intlLocale } from '@creneau/core/format/intl-locale';
import type { Locale } from '@creneau/core/locales';
import { useTranslation } from 'react-i18next';
import type { AvailableSlot } from '../../../api/availabletimeslots.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { MenuButton } from '../../../ui/Menu.tsx';
import { groupPromotion, hourGroup, hourLabel, hourRows, type SlotDay } from '../slot-days.ts';
import styles from './SlotGrid.module.css';

interface SlotGridProps {
  days: readonly SlotDay[];
  locale: Locale;
  /** The group shows remaining capacity (capacity_display_user). */
  showCapacity: boolean;
  /** The chosen slot's start. */
  selected: string | null;
  onPick: (slot: AvailableSlot) => void;
}

const dayMonthFormats = new Map<Locale, Intl.DateTimeFormat>();

/** "24 Nov", "24. Nov.", "nov. 24." — a calendar date's day and month in the language's order. */
export function dayAndMonth(date: string, locale: Locale): string {
  let format = dayMonthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' });
    dayMonthFormats.set(locale, format);
  }
  return format.format(new Date(`${date}T12:00:00Z`));
}

export function SlotGrid({ days, locale, showCapacity, selected, onPick }: SlotGridProps) {
  const { t } = useTranslation();
  const rows = hourRows(days);
  const percent = (value: number) => t('booking.item.promotion', { percent: value });
  const slotText = (slot: AvailableSlot) =>
    [
      slot.time,
      showCapacity ? t('booking.slots.capacity', { count: slot.capacity }) : null,
      slot.promotion ? percent(slot.promotion) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <div
      className={styles.grid}
      style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}
      data-testid="slot-grid"
    >
      {days.map((day) => {
        const weekday = formatWeekday(day.date, { locale });
        return (
          <section
            key={day.date}
            className={styles.day}
            aria-label={formatDayHeader(day.date, { locale })}
            data-testid="slot-day"
            data-date={day.date}
          >
            <h2 className={styles.dayHeader}>
              <span className={styles.weekday}>{formatWeekday(day.date, { locale, width: 'short' })}</span>
              <span className={styles.date}>{dayAndMonth(day.date, locale)}</span>
            </h2>
            {day.slots.length === 0 ? (
              <p className={styles.unavailable} data-testid="day-unavailable">
                {t('booking.slots.dayUnavailable')}
              </p>
            ) : (
              <ul className={styles.hours}>
                {rows.map((hour) => {
                  const group = hourGroup(day, hour);
                  const promotion = groupPromotion(group);
                  if (group.length === 0) {
                    return <li key={hour} className={styles.empty} aria-hidden="true" data-hour={hour} />;
                  }
                  if (group.length === 1) {
                    const slot = group[0]!;
                    return (
                      <li key={hour} data-hour={hour}>
                        <button
                          type="button"
                          className={styles.slot}
                          onClick={() => onPick(slot)}
                          aria-pressed={selected === slot.start}
                          aria-label={`${weekday} ${formatDayHeader(day.date, { locale })}, ${slotText(slot)}`}
                          data-testid="slot"
                          data-start={slot.start}
                        >
                          <span>{slot.time}</span>
                          {promotion && <span className={styles.badge}>{percent(promotion)}</span>}
                        </button>
                      </li>
                    );
                  }
                  const label = t('booking.slots.hourMenu', {
                    day: `${weekday} ${formatDayHeader(day.date, { locale })}`,
                    hour: hourLabel(hour),
                    count: group.length,
                  });
                  return (
                    <li key={hour} data-hour={hour}>
                      <MenuButton
                        triggerClassName={styles.slot}
                        trigger={
                          <>
                            <span aria-hidden="true">{group[0]!.time}</span>
                            <span className="visually-hidden">{label}</span>
                            <span className={styles.more} aria-hidden="true">
                              +{group.length - 1}
                              <Icon name="chevronDown" size={14} />
                            </span>
                            {promotion && (
                              <span className={styles.badge} aria-hidden="true">
                                {percent(promotion)}
                              </span>
                            )}
                          </>
                        }
                        menuLabel={label}
                        testId="slot-menu"
                        sections={[
                          {
                            id: 'times',
                            entries: group.map((slot) => ({ id: slot.start, label: slotText(slot) })),
                          },
                        ]}
                        onAction={(start) => {
                          const slot = group.find((s) => s.start === start);
                          if (slot) onPick(slot);
                        }}
                      />
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
