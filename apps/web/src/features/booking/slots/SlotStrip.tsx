/**
 * The slot view on phones (docs/booking-flow.md § Slots): a strip of the days that have room — an
 * empty day takes no space — and the times of the chosen day as a list of buttons, each with its
 * promotion and price. The strip's buttons say the day and how many times it has; the chosen one is
 * pressed. The times are a labelled region so a screen reader hears the day once, then short names.
 */
import { formatDayName, formatWeekday } from '@creneau/core/format/date-time';
import { intlLocale } from '@creneau/core/format/intl-locale';
import type { Locale } from '@creneau/core/locales';
import type { AvailableSlot } from '../../../api/availabletimeslots.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { type SlotDay, slotHour } from '../slot-days.ts';
import styles from './SlotStrip.module.css';
import { type SlotMarks, useSlotText } from './slot-text.ts';

interface SlotStripProps extends SlotMarks {
  /** The days of the shown period that have room (empty days are left out by the caller). */
  days: readonly SlotDay[];
  /** The day whose times are listed. */
  chosenDay: string;
  onChooseDay: (date: string) => void;
  locale: Locale;
  /** The chosen slot's start. */
  selected: string | null;
  onPick: (slot: AvailableSlot) => void;
}

const monthFormats = new Map<Locale, Intl.DateTimeFormat>();

/** "nov." — the short month of a calendar date in the language. */
function shortMonth(date: string, locale: Locale): string {
  let format = monthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { month: 'short', timeZone: 'UTC' });
    monthFormats.set(locale, format);
  }
  return format.format(new Date(`${date}T12:00:00Z`));
}

export function SlotStrip({
  days,
  chosenDay,
  onChooseDay,
  locale,
  selected,
  onPick,
  ...marks
}: SlotStripProps) {
  const { t } = useTranslation();
  const text = useSlotText(marks);
  const day = days.find((d) => d.date === chosenDay) ?? days[0];
  if (!day) return null;
  const dayName = formatDayName(day.date, { locale });
  return (
    <div className={styles.view} data-testid="slot-strip">
      <ul className={styles.strip} aria-label={t('booking.slots.daysWithRoom')}>
        {days.map((d) => {
          const chosen = d.date === day.date;
          return (
            <li key={d.date}>
              <button
                type="button"
                className={styles.dayButton}
                aria-pressed={chosen}
                onClick={() => onChooseDay(d.date)}
                data-testid="strip-day"
                data-date={d.date}
              >
                {/* Shown short, named in full: "Tuesday 1 December, 28 times". */}
                <span className={styles.weekday} aria-hidden="true">
                  {formatWeekday(d.date, { locale, width: 'short' })}
                </span>
                <span className={styles.dayNumber} aria-hidden="true">
                  {Number(d.date.slice(8, 10))}
                </span>
                <span className={styles.month} aria-hidden="true">
                  {shortMonth(d.date, locale)}
                </span>
                <span className="visually-hidden">
                  {`${formatDayName(d.date, { locale })}, ${t('booking.slots.timesCount', { count: d.slots.length })}`}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <section className={styles.times} aria-label={dayName} data-testid="slot-day" data-date={day.date}>
        <h2 className={styles.dayTitle}>{dayName}</h2>
        <ul className={styles.list}>
          {day.slots.map((slot) => {
            const price = text.promotedPrice(slot);
            return (
              <li key={slot.start} data-hour={slotHour(slot)}>
                <button
                  type="button"
                  className={styles.slot}
                  aria-pressed={selected === slot.start}
                  onClick={() => onPick(slot)}
                  data-testid="slot"
                  data-start={slot.start}
                  data-promotion={slot.promotion ?? undefined}
                >
                  {/* Named by the full sentence as content, the short marks hidden from it: the name
                      then holds what the button holds (WCAG 2.5.3, label in name). */}
                  <span className="visually-hidden">{text.describe(slot)}</span>
                  <span className={styles.time} aria-hidden="true">
                    {slot.time}
                  </span>
                  {slot.promotion ? (
                    <span className={styles.promo} aria-hidden="true" data-testid="slot-promotion">
                      <span className={styles.badge}>{text.percent(slot.promotion)}</span>
                      {price && <span className={styles.price}>{price}</span>}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
