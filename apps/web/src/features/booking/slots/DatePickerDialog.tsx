/**
 * The slot step's month view (docs/booking-flow.md § Slots): a month
 * calendar (React Aria: arrow keys, Page Up/Down, the language's week) bounded by the first
 * available slot and now plus the maximum booking period, in which the days that have room are
 * marked and the others cannot be chosen. The shown month's slots are fetched in one call (at most
 * 31 days, what the API allows); while they load every day of the range stays choosable. Loaded on
 * first use.
 */
import { intlLocale } from '@creneau/core/format/intl-locale';
import { isLocale } from '@creneau/core/locales';
import { addDays } from '@creneau/core/validation/calendar-date';
import { type CalendarDate, parseDate } from '@internationalized/date';
import { useState } from 'react';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Heading,
} from 'react-aria-components/Calendar';
import { I18nProvider } from 'react-aria-components/I18nProvider';
import { type SlotsParams, useAvailableTimeslots } from '../../../api/availabletimeslots.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { slotDate } from '../slot-days.ts';
import styles from './DatePickerDialog.module.css';

interface DatePickerDialogProps {
  value: string;
  min: string;
  max: string;
  /** The group and the slot search of the step, to mark the days with room (null: none marked). */
  groupId: number;
  request: SlotsParams | null;
  onPick: (date: string) => void;
  onClose: () => void;
}

/** The days of `month` (its first day, "YYYY-MM-01") within [min, max], as a slot request window. */
export function monthWindow(
  month: string,
  min: string,
  max: string,
): { start: string; nDays: number } | null {
  const monthEnd = addDays(`${nextMonth(month)}-01`, -1);
  const start = month < min ? min : month;
  const end = monthEnd > max ? max : monthEnd;
  if (start > end) return null;
  return { start, nDays: Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1 };
}

/** "YYYY-MM" of the month after the month of a date "YYYY-MM-DD". */
function nextMonth(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

export function DatePickerDialog({
  value,
  min,
  max,
  groupId,
  request,
  onPick,
  onClose,
}: DatePickerDialogProps) {
  const { t, i18n } = useTranslation();
  // The language's own calendar conventions (en-GB: weeks from Monday).
  const locale = isLocale(i18n.language) ? intlLocale(i18n.language) : 'en-GB';
  const clamp = (date: string) => (date < min ? min : date > max ? max : date);
  const [focused, setFocused] = useState<CalendarDate>(() => parseDate(clamp(value)));
  const month = `${focused.toString().slice(0, 7)}-01`;
  const span = request ? monthWindow(month, min, max) : null;
  const slots = useAvailableTimeslots(groupId, span && request ? { ...request, ...span } : null);
  const known = slots.data && !slots.isPlaceholderData ? slots.data : null;
  const room = new Set(known?.availabletimeslots.map(slotDate) ?? []);
  return (
    <Dialog title={t('booking.slots.pickDate')} onClose={onClose} testId="date-picker">
      <I18nProvider locale={locale}>
        <Calendar
          aria-label={t('booking.slots.pickDate')}
          className={styles.calendar}
          defaultValue={parseDate(clamp(value))}
          focusedValue={focused}
          onFocusChange={setFocused}
          minValue={parseDate(min)}
          maxValue={parseDate(max)}
          isDateUnavailable={(date) => known !== null && !room.has(date.toString())}
          autoFocus
          onChange={(date) => onPick(date.toString())}
        >
          <header className={styles.header}>
            <AriaButton slot="previous" className={styles.nav} aria-label={t('booking.slots.previousMonth')}>
              <Icon name="back" size={18} />
            </AriaButton>
            <Heading className={styles.heading} />
            <AriaButton slot="next" className={styles.nav} aria-label={t('booking.slots.nextMonth')}>
              <Icon name="forward" size={18} />
            </AriaButton>
          </header>
          <CalendarGrid className={styles.grid}>
            {(date) => (
              <CalendarCell
                date={date}
                className={room.has(date.toString()) ? `${styles.cell} ${styles.room}` : styles.cell}
              >
                {({ formattedDate }) => (
                  <span
                    data-testid="month-day"
                    data-date={date.toString()}
                    data-room={known === null ? undefined : room.has(date.toString())}
                  >
                    {formattedDate}
                  </span>
                )}
              </CalendarCell>
            )}
          </CalendarGrid>
        </Calendar>
      </I18nProvider>
      <p className={styles.legend} role="status" data-testid="month-legend">
        {known === null ? (
          t('booking.loading.slots')
        ) : (
          <>
            <span className={styles.legendMark} aria-hidden="true" />
            {t('booking.slots.roomLegend')}
          </>
        )}
      </p>
    </Dialog>
  );
}
