const validity = new Map<string, boolean>();

/** True when the IANA time-zone name is known to this runtime's Intl (cached). */
export function isValidTimeZone(zone: string): boolean {
  let known = validity.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    validity.set(zone, known);
  }
  return known;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date "YYYY-MM-DD" of an instant on the wall clocks of a time zone. */
export function localDateIn(instant: Date, zone: string): string {
  let format = dateFormatters.get(zone);
  if (!format) {
    // en-CA formats dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormatters.set(zone, format);
  }
  return format.format(instant);
}
