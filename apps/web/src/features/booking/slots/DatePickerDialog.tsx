/**
 * The slot step's date picker (spec 000 §2 screen 6, §5): a month calendar (React Aria: arrow
 * keys, Page Up/Down, the language's week) bounded by the first available slot and now plus the
 * maximum booking period. Loaded on first use.
 */
import { intlLocale } from '@creneau/core/format/intl-locale';
import { isLocale } from '@creneau/core/locales';
import { parseDate } from '@internationalized/date';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Heading,
} from 'react-aria-components/Calendar';
import { I18nProvider } from 'react-aria-components/I18nProvider';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import styles from './DatePickerDialog.module.css';

interface DatePickerDialogProps {
  value: string;
  min: string;
  max: string;
  onPick: (date: string) => void;
  onClose: () => void;
}

export function DatePickerDialog({ value, min, max, onPick, onClose }: DatePickerDialogProps) {
  const { t, i18n } = useTranslation();
  // The language's own calendar conventions (en-GB: weeks from Monday).
  const locale = isLocale(i18n.language) ? intlLocale(i18n.language) : 'en-GB';
  const clamp = (date: string) => (date < min ? min : date > max ? max : date);
  return (
    <Dialog title={t('booking.slots.pickDate')} onClose={onClose} testId="date-picker">
      <I18nProvider locale={locale}>
        <Calendar
          aria-label={t('booking.slots.pickDate')}
          className={styles.calendar}
          defaultValue={parseDate(clamp(value))}
          minValue={parseDate(min)}
          maxValue={parseDate(max)}
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
            {(date) => <CalendarCell date={date} className={styles.cell} />}
          </CalendarGrid>
        </Calendar>
      </I18nProvider>
    </Dialog>
  );
}
