/** Which text a refused absence or holiday call shows: the server's answer, never its raw key. */
import { ApiError } from '../../../api/client.ts';
import { usePart } from '../../../i18n/i18n.ts';

/** The full key under admin.* of the failure's message. */
export function absenceErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.key === 'calendarNotFound' || error.key === 'absenceNotFound')
      return `admin.errors.${error.key}`;
    if (error.key === 'yearOutOfRange' || error.key === 'notAHoliday')
      return `admin.holidays.errors.${error.key}`;
    if (error.status === 403) return 'admin.absences.errors.forbidden';
  }
  return 'admin.absences.errors.generic';
}

/** The translated message of a failed call. */
export function useAbsenceErrorText(): (error: unknown) => string {
  const { t } = usePart('admin');
  return (error) => t(absenceErrorKey(error));
}
