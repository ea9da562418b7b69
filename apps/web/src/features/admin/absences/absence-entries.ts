/**
 * The coming absences as people think of them: the server keeps one block per calendar and
 * occurrence, so a closure of the whole business is as many blocks as it has calendars. The list
 * shows one entry per occurrence (the blocks of one request at one time), grouped by month.
 */

export interface ListedBlock {
  id: number;
  calendar_id: number;
  kind: 'absence' | 'closure';
  starts_local: string;
  ends_local: string;
  label: string | null;
  series: string | null;
}

export interface AbsenceEntry {
  key: string;
  /** The blocks of the entry, one per calendar. */
  ids: number[];
  calendarIds: number[];
  kind: ListedBlock['kind'];
  starts_local: string;
  ends_local: string;
  label: string | null;
  series: string | null;
  /** How many listed entries share its series (1 when it has none). */
  seriesSize: number;
  /** From midnight to midnight: shown as days, without times. */
  wholeDays: boolean;
}

export interface MonthOfEntries {
  /** YYYY-MM. */
  month: string;
  entries: AbsenceEntry[];
}

/** Blocks (sorted by start, as the server lists them) as entries. */
export function entriesOf(blocks: readonly ListedBlock[]): AbsenceEntry[] {
  const byKey = new Map<string, AbsenceEntry>();
  for (const block of blocks) {
    const key = [
      block.series ?? '',
      block.kind,
      block.starts_local,
      block.ends_local,
      block.label ?? '',
    ].join('|');
    const entry = byKey.get(key);
    if (entry) {
      entry.ids.push(block.id);
      entry.calendarIds.push(block.calendar_id);
      continue;
    }
    byKey.set(key, {
      key,
      ids: [block.id],
      calendarIds: [block.calendar_id],
      kind: block.kind,
      starts_local: block.starts_local,
      ends_local: block.ends_local,
      label: block.label,
      series: block.series,
      seriesSize: 1,
      wholeDays: block.starts_local.endsWith('T00:00') && block.ends_local.endsWith('T00:00'),
    });
  }
  const entries = [...byKey.values()];
  const sizes = new Map<string, number>();
  for (const entry of entries) if (entry.series) sizes.set(entry.series, (sizes.get(entry.series) ?? 0) + 1);
  for (const entry of entries) entry.seriesSize = entry.series ? (sizes.get(entry.series) ?? 1) : 1;
  return entries.sort((a, b) => a.starts_local.localeCompare(b.starts_local) || a.key.localeCompare(b.key));
}

/** Entries grouped by the month they start in, in order. */
export function byMonth(entries: readonly AbsenceEntry[]): MonthOfEntries[] {
  const months: MonthOfEntries[] = [];
  for (const entry of entries) {
    const month = entry.starts_local.slice(0, 7);
    const last = months.at(-1);
    if (last?.month === month) last.entries.push(entry);
    else months.push({ month, entries: [entry] });
  }
  return months;
}

/** True when the entry covers every calendar listed (and there is more than one). */
export function coversAll(entry: AbsenceEntry, calendarIds: readonly number[]): boolean {
  return calendarIds.length > 1 && calendarIds.every((id) => entry.calendarIds.includes(id));
}

/** The last day of a whole-day entry (its end is the next midnight). */
export function lastDayOf(entry: AbsenceEntry): string {
  const end = new Date(`${entry.ends_local.slice(0, 10)}T00:00:00Z`);
  return new Date(end.getTime() - 86_400_000).toISOString().slice(0, 10);
}
