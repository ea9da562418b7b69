/**
 * Calendar arithmetic on "day numbers" (days since 1970-01-01 in the proleptic Gregorian calendar)
 * and "local minutes" (day number × 1440 + minutes since that day's midnight). Both are wall-clock
 * quantities with no time zone attached: zone-offsets.ts turns them into instants. Pure integer
 * math so the hot paths of the availability engine never allocate a Date.
 */

export const MINUTES_PER_DAY = 1440;

/** Day number of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
export function dayFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** [year, month (1–12), day] of a day number. */
export function civilFromDay(dayNumber: number): [number, number, number] {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** "YYYY-MM-DD" of a day number (years 0–9999). */
export function isoDateOfDay(dayNumber: number): string {
  const [y, m, d] = civilFromDay(dayNumber);
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;
}

/** Day number of "YYYY-MM-DD", or undefined when it is not a real date. */
export function dayOfIsoDate(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (m < 1 || m > 12 || d < 1 || d > 31) return undefined;
  const day = dayFromCivil(y, m, d);
  const [y2, m2, d2] = civilFromDay(day);
  return y2 === y && m2 === m && d2 === d ? day : undefined;
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a day number; 1970-01-01 was a Thursday. */
export function isoWeekdayOfDay(dayNumber: number): number {
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

/**
 * Local minutes of "YYYY-MM-DD HH:MM[:SS]" (a `T` separator is accepted too), or undefined when
 * malformed or not a real date-time. Seconds round up when `roundUp`, down otherwise: the engine
 * works to the minute.
 */
export function parseLocalDateTime(value: string, roundUp = false): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(value);
  if (!match) return undefined;
  const day = dayOfIsoDate(match[1]!);
  const h = Number(match[2]);
  const min = Number(match[3]);
  const s = match[4] === undefined ? 0 : Number(match[4]);
  if (day === undefined || h > 23 || min > 59 || s > 59) return undefined;
  return day * MINUTES_PER_DAY + h * 60 + min + (roundUp && s > 0 ? 1 : 0);
}

/** "+01:00", "-03:00", "+10:30", "+00:00" for an offset in minutes east of UTC. */
export function formatUtcOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}
