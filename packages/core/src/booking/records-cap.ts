/**
 * The records cap (docs/customer-area.md, "The records cap"): a customer keeps at
 * most 8 records — the people they book for — in a group. What counts toward the 8 is what the
 * customer sees: a record that is deleted, or whose last name starts with "$" (a technical record the
 * group keeps), is hidden and does not count. The server refuses a ninth visible record (maxFiches)
 * and the web app offers "add a person" exactly while one more is allowed: both use these functions.
 */

export const MAX_RECORDS_PER_ACCOUNT = 8;

/** The two facts that hide a record. */
export interface RecordVisibility {
  deleted?: boolean | null | undefined;
  lastname?: string | null | undefined;
}

/** True when the customer sees the record (and it counts toward the cap). */
export function isVisibleRecord(record: RecordVisibility): boolean {
  return !record.deleted && !(record.lastname ?? '').startsWith('$');
}

/** The records a customer sees, in their order. */
export function visibleRecords<T extends RecordVisibility>(records: readonly T[]): T[] {
  return records.filter(isVisibleRecord);
}

/** Whether one more record may be added to this many visible ones. */
export function mayAddRecord(visibleCount: number): boolean {
  return visibleCount < MAX_RECORDS_PER_ACCOUNT;
}
