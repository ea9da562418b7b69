/**
 * "Appointments for January 2027 open on 1 December 2026 at 09:00": when the next month of a
 * scheduled release opens (slot-release.ts), in the page's language and on the group's wall clock.
 */

import { formatCalendarMonth, formatDate, formatTime } from '@creneau/core/format/date-time';
import type { Locale } from '@creneau/core/locales';
import type { SlotRelease } from '../../../api/availabletimeslots.ts';
import { useTranslation } from '../../../i18n/i18n.ts';

export function ReleaseNote({
  release,
  locale,
  timeZone,
  className,
}: {
  release: SlotRelease;
  locale: Locale;
  timeZone: string;
  className?: string | undefined;
}) {
  const { t } = useTranslation();
  const at = new Date(release.next_release_at);
  return (
    <p className={className} data-testid="slots-release">
      {t('booking.slots.release', {
        month: formatCalendarMonth(release.next_bookable_until, { locale }),
        date: formatDate(at, { locale, timeZone, style: 'long' }),
        time: formatTime(at, { locale, timeZone }),
      })}
    </p>
  );
}
