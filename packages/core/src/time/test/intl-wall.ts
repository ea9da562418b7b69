/** The tests' reference for wall-clock time: straight from Intl, independent of zone-offsets.ts. */
const formats = new Map<string, Intl.DateTimeFormat>();

export interface IntlWallParts {
  /** "YYYY-MM-DD" */
  date: string;
  hour: number;
  minute: number;
  /** 1 = Monday … 7 = Sunday */
  weekday: number;
}

/** Date, time and weekday of epoch minute u on the wall clocks of `zone`. */
export function intlWallParts(zone: string, u: number): IntlWallParts {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    formats.set(zone, format);
  }
  // "Mon, 11/23/2026, 09:15"
  const m = /^(\w{3}), (\d{2})\/(\d{2})\/(\d{4}), (\d{2}):(\d{2})$/.exec(format.format(u * 60_000));
  if (!m) throw new Error(`unexpected Intl output for ${zone} at ${u}`);
  return {
    date: `${m[4]}-${m[2]}-${m[3]}`,
    hour: Number(m[5]),
    minute: Number(m[6]),
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(m[1]!) + 1,
  };
}

/** Wall clock "YYYY-MM-DD HH:MM" of epoch minute u in `zone`. */
export function intlWall(zone: string, u: number): string {
  const { date, hour, minute } = intlWallParts(zone, u);
  return `${date} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
