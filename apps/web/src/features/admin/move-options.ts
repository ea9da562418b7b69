/**
 * The keyboard way to move an appointment (docs/back-office.md "Appointment detail"): a date, a
 * start among the quarter hours of the day, a calendar, and for a booking of one appointment the
 * service. Everything is the group's wall-clock time,
 * which the server reads in the group's zone, so nothing is converted here.
 */

export interface MoveChoice {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
  calendarId: number;
  interventionId: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The quarter hours of a day, with `current` among them when it is not one (a 10:10 start). */
export function quarterHours(current?: string): string[] {
  const times: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += 15)
    times.push(`${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`);
  if (current && TIME.test(current) && !times.includes(current)) {
    times.push(current);
    times.sort();
  }
  return times;
}

/** A real calendar date "YYYY-MM-DD" (not 2026-02-30). */
export function isCivilDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The start the move call sends: "YYYY-MM-DD hh:mm:ss", the group's wall clock. */
export function wallClockStart(choice: Pick<MoveChoice, 'date' | 'time'>): string {
  return `${choice.date} ${choice.time}:00`;
}

/** The choice an appointment stands at now, from its local "YYYY-MM-DDTHH:MM" start. */
export function choiceOf(appointment: {
  starts_local: string;
  calendar_id: number;
  intervention_id: number;
}): MoveChoice {
  return {
    date: appointment.starts_local.slice(0, 10),
    time: appointment.starts_local.slice(11, 16),
    calendarId: appointment.calendar_id,
    interventionId: appointment.intervention_id,
  };
}

/** Minutes between two local "YYYY-MM-DDTHH:MM" times, read as wall clock. */
export function wallMinutes(from: string, to: string): number {
  return Math.round((localMs(to) - localMs(from)) / 60_000);
}

/** The local "YYYY-MM-DDTHH:MM" that many minutes after a date and a time, on the wall clock. */
export function wallClockEnd(choice: Pick<MoveChoice, 'date' | 'time'>, minutes: number): string {
  return new Date(localMs(`${choice.date}T${choice.time}`) + minutes * 60_000).toISOString().slice(0, 16);
}

export type MoveProblem = 'date' | 'past' | 'unchanged' | null;

/**
 * What keeps a choice from being sent: no real date, a start already past on the group's clock
 * (`now`, its date and minute of the day), or the place it is already at.
 */
export function moveProblem(
  choice: MoveChoice,
  current: MoveChoice,
  now?: { date: string; minute: number },
): MoveProblem {
  if (!isCivilDate(choice.date) || !TIME.test(choice.time)) return 'date';
  if (now) {
    const [hour, minute] = choice.time.split(':').map(Number) as [number, number];
    if (choice.date < now.date || (choice.date === now.date && hour * 60 + minute < now.minute))
      return 'past';
  }
  if (
    choice.date === current.date &&
    choice.time === current.time &&
    choice.calendarId === current.calendarId &&
    choice.interventionId === current.interventionId
  )
    return 'unchanged';
  return null;
}

const pad = (value: number) => String(value).padStart(2, '0');
const localMs = (local: string) => Date.parse(`${local.slice(0, 16)}:00Z`);
