/** The tests' reference for wall-clock time: straight from Intl, independent of zone-offsets.ts. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** Wall clock "YYYY-MM-DD HH:MM" of epoch minute u in `zone`. */
export function intlWall(zone: string, u: number): string {
  let format = formats.get(zone);
  if (!format) {
    // en-CA: "2026-11-23, 09:15"
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formats.set(zone, format);
  }
  return format.format(u * 60_000).replace(', ', ' ');
}
