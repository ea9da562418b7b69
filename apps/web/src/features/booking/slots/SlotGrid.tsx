/**
 * The days of the slot step side by side (docs/requirements/booking-flow.md §2 screen 6, §9): a column per visible day,
 * one row per hour from the earliest to the latest slot hour; an hour with one slot is a button
 * for it, an hour with several a menu of their times (and remaining capacity when the group shows
 * it); promoted slots carry "-N%" and, when the group shows prices, what the booking costs at that
 * time; a day without slots says so. A slot's accessible name says the day once ("mercredi
 * 25 novembre, 09:30"), a menu's its first time ("…, 3 times from 09:30").
 */
import { formatDayName, formatWeekday } from '@creneau/core/format/date-time';
import { intlLocale } from '@creneau/core/format/intl-locale';
import type { Locale } from '@creneau/core/locales';
import type { AvailableSlot } from '../../../api/availabletimeslots.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { MenuButton } from '../../../ui/Menu.tsx';
import { groupPromotion, hourGroup, hourRows, type SlotDay } from '../slot-days.ts';
import styles from './SlotGrid.module.css';
import { type SlotMarks, useSlotText } from './slot-text.ts';

interface SlotGridProps extends SlotMarks {
  days: readonly SlotDay[];
  locale: Locale;
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

/** The slot of an hour with the best promotion (the one its badge and price describe). */
const best = (slots: readonly AvailableSlot[]) =>
  slots.reduce((a, b) => ((b.promotion ?? 0) > (a.promotion ?? 0) ? b : a));

export function SlotGrid({ days, locale, selected, onPick, ...marks }: SlotGridProps) {
  const { t } = useTranslation();
  const rows = hourRows(days);
  const { percent, promotedPrice, describe } = useSlotText(marks);
  return (
    <div
      className={styles.grid}
      style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}
      data-testid="slot-grid"
    >
      {days.map((day) => {
        const dayName = formatDayName(day.date, { locale });
        return (
          <section
            key={day.date}
            className={styles.day}
            aria-label={dayName}
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
                    const price = promotedPrice(slot);
                    return (
                      <li key={hour} data-hour={hour}>
                        <button
                          type="button"
                          className={styles.slot}
                          onClick={() => onPick(slot)}
                          aria-pressed={selected === slot.start}
                          data-testid="slot"
                          data-start={slot.start}
                          data-promotion={slot.promotion ?? undefined}
                        >
                          {/* The full sentence as content, the short marks hidden from it: the name
                              then holds what the button holds (WCAG 2.5.3, label in name). */}
                          <span className="visually-hidden">{`${dayName}, ${describe(slot)}`}</span>
                          <span className={styles.time} aria-hidden="true">
                            {slot.time}
                          </span>
                          {price && (
                            <span className={styles.price} aria-hidden="true" data-testid="slot-price">
                              {price}
                            </span>
                          )}
                          {promotion && (
                            <span className={styles.badge} aria-hidden="true" data-testid="slot-promotion">
                              {percent(promotion)}
                            </span>
                          )}
                        </button>
                      </li>
                    );
                  }
                  // Named after the time it shows, not the hour row ("from 09:30", not "from 09:00").
                  const label = t('booking.slots.hourMenu', {
                    day: dayName,
                    hour: group[0]!.time,
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
                            {promotedPrice(best(group)) && (
                              <span className={styles.price} aria-hidden="true" data-testid="slot-price">
                                {promotedPrice(best(group))}
                              </span>
                            )}
                            {promotion && (
                              <span className={styles.badge} aria-hidden="true" data-testid="slot-promotion">
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
                            entries: group.map((slot) => ({ id: slot.start, label: describe(slot) })),
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
