/**
 * The `date` query parameter (docs/requirements/booking-flow.md §5): "YYYY-MM-DD" or "YYYY-MM-DD hh:mm:ss" naming a real date
 * and time (hh 00–23, mm and ss 00–59). Anything else is replaced by today's date, or ignored in
 * strict mode. An absent or empty parameter is simply absent: there is nothing to replace.
 * In a URL the space is written "+" or "%20"; URLSearchParams decodes both.
 */
import { parseIsoDate } from './calendar-date.ts';

export interface DateParam {
  /** "YYYY-MM-DD" */
  date: string;
  /** "hh:mm:ss" when the parameter carried a time, else null. */
  time: string | null;
}

export interface DateParamResult {
  value: DateParam | null;
  /** The parameter was present but invalid (replaced by today, or ignored in strict mode). */
  invalid: boolean;
}

const PATTERN = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** Parses a `date` value; `today` is "YYYY-MM-DD" in the group's time zone. */
export function parseDateParam(
  raw: string | null | undefined,
  options: { today: string; strict?: boolean },
): DateParamResult {
  if (raw == null || raw === '') return { value: null, invalid: false };
  const match = PATTERN.exec(raw);
  const date = match?.[1];
  if (match && date && parseIsoDate(date)) {
    if (match[2] === undefined) return { value: { date, time: null }, invalid: false };
    const [h, m, s] = [Number(match[2]), Number(match[3]), Number(match[4])];
    if (h <= 23 && m <= 59 && s <= 59) {
      return { value: { date, time: `${match[2]}:${match[3]}:${match[4]}` }, invalid: false };
    }
  }
  return { value: options.strict ? null : { date: options.today, time: null }, invalid: true };
}
