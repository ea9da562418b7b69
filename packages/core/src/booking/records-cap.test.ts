import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isVisibleRecord, MAX_RECORDS_PER_ACCOUNT, mayAddRecord, visibleRecords } from './records-cap.ts';

const record = fc.record({
  deleted: fc.boolean(),
  lastname: fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.string({ maxLength: 8 }).map((s) => `$${s}`),
  ),
});

describe('records cap', () => {
  it('hides deleted records and "$" last names, and only those', () => {
    expect(isVisibleRecord({ deleted: false, lastname: 'Martin' })).toBe(true);
    expect(isVisibleRecord({ deleted: true, lastname: 'Martin' })).toBe(false);
    expect(isVisibleRecord({ deleted: false, lastname: '$internal' })).toBe(false);
    expect(isVisibleRecord({ deleted: false, lastname: 'Mart$n' })).toBe(true);
    expect(isVisibleRecord({ lastname: null })).toBe(true);
  });

  it('allows adding while fewer than 8 are visible: 7 + a hidden one may add, 8 may not', () => {
    expect(MAX_RECORDS_PER_ACCOUNT).toBe(8);
    const seven = Array.from({ length: 7 }, (_, i) => ({ deleted: false, lastname: `P${i}` }));
    const withHidden = [...seven, { deleted: false, lastname: '$tech' }, { deleted: true, lastname: 'Gone' }];
    expect(mayAddRecord(visibleRecords(withHidden).length)).toBe(true);
    expect(mayAddRecord(visibleRecords([...seven, { deleted: false, lastname: 'Eight' }]).length)).toBe(
      false,
    );
  });

  it('counts exactly the records a customer sees, whatever hidden ones there are', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 20 }), (records) => {
        const seen = records.filter((r) => !r.deleted && !r.lastname.startsWith('$')).length;
        expect(visibleRecords(records)).toHaveLength(seen);
        expect(mayAddRecord(visibleRecords(records).length)).toBe(seen < 8);
      }),
    );
  });
});
