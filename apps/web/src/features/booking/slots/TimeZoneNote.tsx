/**
 * "Times are in Central European Time (GMT+1); your device: Eastern Time (GMT−5)" — shown above the
 * slots when the visitor's clock reads differently from the group's at the times shown (times are
 * always the group's wall clock: the appointment happens there). Zones that agree at those times
 * (Brussels for a Paris salon) say nothing. Names and offsets come from Intl, in the page's language.
 */
import { wallClocksDiffer } from '@creneau/core/format/date-time';
import { intlLocale } from '@creneau/core/format/intl-locale';
import type { Locale } from '@creneau/core/locales';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Icon } from '../../../ui/Icon.tsx';
import styles from './TimeZoneNote.module.css';

let viewer: string | undefined;

/**
 * The visitor's time zone as the browser reports it, asked once: each Intl.DateTimeFormat costs
 * milliseconds on a phone, and the note is drawn again with every render of the step.
 */
export const viewerTimeZone = () => {
  viewer ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return viewer;
};

type ZoneStyle = 'longGeneric' | 'shortOffset';
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** A zone's name ("longGeneric") or offset ("shortOffset") at an instant, in a language. */
function zoneText(instant: Date, timeZone: string, locale: Locale, style: ZoneStyle) {
  // One formatter per language, zone and style, made once (see viewerTimeZone).
  const key = `${locale}|${timeZone}|${style}`;
  let format = zoneFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { timeZone, timeZoneName: style });
    zoneFormats.set(key, format);
  }
  return format.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

interface TimeZoneNoteProps {
  groupZone: string;
  /** An instant of the times shown (the first slot shown, else now). */
  at: Date;
  locale: Locale;
  /** The visitor's zone (the browser's unless given). */
  viewerZone?: string;
}

export function TimeZoneNote({ groupZone, at, locale, viewerZone = viewerTimeZone() }: TimeZoneNoteProps) {
  const { t } = useTranslation();
  if (!wallClocksDiffer(at, groupZone, viewerZone)) return null;
  return (
    <p className={styles.note} data-testid="slots-time-zone">
      <Icon name="globe" size={16} />
      <span>
        {t('booking.slots.timeZoneNote', {
          zone: zoneText(at, groupZone, locale, 'longGeneric'),
          offset: zoneText(at, groupZone, locale, 'shortOffset'),
          viewer: zoneText(at, viewerZone, locale, 'longGeneric'),
          viewerOffset: zoneText(at, viewerZone, locale, 'shortOffset'),
        })}
      </span>
    </p>
  );
}
