/**
 * Durations as a business person types them: an amount and a unit ("2 hours", "90 days"), for the
 * settings the configuration stores in minutes (docs/group-configuration.md "Booking rules
 * (`rules`)", `maxrdv_period`). A stored value is shown in the largest unit that divides it, so
 * reading and writing back an untouched field gives the same minutes.
 */

export const UNIT_MINUTES = { minutes: 1, hours: 60, days: 1440, weeks: 10_080 } as const;
export type DurationUnit = keyof typeof UNIT_MINUTES;

export interface DurationDraft {
  /** As typed: digits, with "." or "," before decimals ("1,5" hours). */
  amount: string;
  unit: DurationUnit;
}

export type DurationProblem = 'number' | 'whole' | 'range';

/** The largest of `units` (smallest first) that divides `minutes`; minutes when none does. */
export function unitFor(minutes: number, units: readonly DurationUnit[]): DurationUnit {
  for (const unit of [...units].reverse()) if (minutes > 0 && minutes % UNIT_MINUTES[unit] === 0) return unit;
  // Zero reads best in the smallest unit offered ("0 minutes", "0 hours").
  return minutes === 0 ? (units[0] ?? 'minutes') : 'minutes';
}

export function durationDraft(minutes: number, units: readonly DurationUnit[]): DurationDraft {
  const unit = unitFor(minutes, units);
  return { amount: String(minutes / UNIT_MINUTES[unit]), unit };
}

/** The units a field offers: its own, and the one its stored value needs when that is another. */
export function unitsShown(units: readonly DurationUnit[], current: DurationUnit): DurationUnit[] {
  return units.includes(current)
    ? [...units]
    : (Object.keys(UNIT_MINUTES) as DurationUnit[]).filter((u) => u === current || units.includes(u));
}

const AMOUNT = /^\d{1,7}(?:[.,]\d{1,4})?$/;

/** The minutes a draft stands for; null when the amount is no number. Not rounded. */
export function exactMinutes(draft: DurationDraft): number | null {
  const text = draft.amount.trim();
  if (!AMOUNT.test(text)) return null;
  return Number(text.replace(',', '.')) * UNIT_MINUTES[draft.unit];
}

/** What is wrong with a draft against [min, max] minutes; null when it is a whole number of minutes in range. */
export function durationProblem(draft: DurationDraft, min: number, max: number): DurationProblem | null {
  const minutes = exactMinutes(draft);
  if (minutes === null) return 'number';
  if (Math.abs(minutes - Math.round(minutes)) > 1e-6) return 'whole';
  const whole = Math.round(minutes);
  return whole < min || whole > max ? 'range' : null;
}

/** The whole minutes of a valid draft (call after durationProblem said null). */
export const minutesOf = (draft: DurationDraft): number => Math.round(exactMinutes(draft) ?? 0);

/** A number of minutes in words in the page's language, in its best unit ("731 days", "1 hour"). */
export function durationWords(minutes: number, language: string): string {
  const unit = unitFor(minutes, ['minutes', 'hours', 'days']);
  const single = { minutes: 'minute', hours: 'hour', days: 'day', weeks: 'week' }[unit];
  return new Intl.NumberFormat(language, { style: 'unit', unit: single, unitDisplay: 'long' }).format(
    minutes / UNIT_MINUTES[unit],
  );
}
