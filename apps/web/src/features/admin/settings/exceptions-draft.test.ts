import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  closedDay,
  type ExceptionDraft,
  exceptionIssues,
  exceptionProblem,
  exceptionsOf,
  isLocalDateTime,
  sortExceptionProblems,
  withExceptions,
} from './exceptions-draft.ts';

const document = {
  urlname: 'demo-salon',
  calendars: [
    {
      externid: 'ines',
      name: 'Inès',
      weekly: { sat: [['09:00', '18:00']] },
      exceptions: [
        { kind: 'closure', from: '2026-12-24T17:00', to: '2026-12-27T00:00', label: 'Noël' },
        { kind: 'opening', from: '2026-12-20T10:00', to: '2026-12-20T16:00', label: null },
      ],
    },
    { externid: 'hugo', name: 'Hugo' },
    { externid: 'parti', name: 'Parti', deleted: true, exceptions: [] },
  ],
};

describe('exceptions draft', () => {
  it('reads each live calendar’s exceptions and writes an unchanged draft back as the very document', () => {
    const draft = exceptionsOf(document);
    expect(Object.keys(draft)).toEqual(['ines', 'hugo']);
    expect(draft.ines?.map(({ key: _, ...rest }) => rest)).toEqual([
      { kind: 'closure', from: '2026-12-24T17:00', to: '2026-12-27T00:00', label: 'Noël' },
      { kind: 'opening', from: '2026-12-20T10:00', to: '2026-12-20T16:00', label: '' },
    ]);
    expect(withExceptions(document, draft)).toEqual(document);
  });

  it('adds a closed day, midnight to midnight, and removes one', () => {
    const draft = exceptionsOf(document);
    const day = closedDay('2026-12-31');
    expect([day.kind, day.from, day.to]).toEqual(['closure', '2026-12-31T00:00', '2027-01-01T00:00']);
    const written = withExceptions(document, {
      ines: [draft.ines![1]!],
      hugo: [{ ...day, label: ' Inventaire ' }],
    }) as typeof document;
    expect(written.calendars[0]?.exceptions).toEqual([
      { kind: 'opening', from: '2026-12-20T10:00', to: '2026-12-20T16:00', label: null },
    ]);
    expect((written.calendars[1] as { exceptions?: unknown }).exceptions).toEqual([
      { kind: 'closure', from: '2026-12-31T00:00', to: '2027-01-01T00:00', label: 'Inventaire' },
    ]);
    expect(written.calendars[2]).toEqual(document.calendars[2]);
  });

  it('checks dates that exist, an end after the start, and the label', () => {
    const row = (from: string, to: string, label = ''): ExceptionDraft => ({
      key: 'k',
      kind: 'closure',
      from,
      to,
      label,
    });
    expect(exceptionProblem(row('2027-02-29T00:00', '2027-03-01T00:00'))).toBe('from');
    expect(exceptionProblem(row('2027-02-28T00:00', '2027-02-28T24:00'))).toBe('to');
    expect(exceptionProblem(row('2027-02-28T10:00', '2027-02-28T10:00'))).toBe('order');
    expect(exceptionProblem(row('2027-02-28T10:00', '2027-02-28T11:00', 'x'.repeat(256)))).toBe('label');
    expect(exceptionProblem(row('2028-02-29T10:00', '2028-03-01T00:00'))).toBeNull();
    expect(exceptionIssues({ ines: [row('2027-02-28T10:00', '2027-02-28T09:00')] })).toEqual([
      { calendar: 'ines', key: 'k', problem: 'order' },
    ]);
  });

  it('an end after the start is accepted exactly when its text sorts after', () => {
    const stamp = fc
      .date({
        min: new Date('2020-01-01T00:00:00Z'),
        max: new Date('2035-12-31T23:59:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 16));
    fc.assert(
      fc.property(stamp, stamp, (from, to) => {
        expect(isLocalDateTime(from)).toBe(true);
        const problem = exceptionProblem({ key: 'k', kind: 'absence', from, to, label: '' });
        expect(problem === null).toBe(Date.parse(`${to}Z`) > Date.parse(`${from}Z`));
      }),
    );
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it("brings the server's problems back to the row they name", () => {
    const draft = exceptionsOf(document);
    const sorted = sortExceptionProblems(document, draft, [
      '$.calendars[0].exceptions[1].to: from must be before to',
      '$.calendars[0].weekly.mon[0]: a range whose start is before its end',
    ]);
    expect(sorted.issues).toEqual([{ calendar: 'ines', key: draft.ines![1]!.key, problem: 'to' }]);
    expect(sorted.other).toEqual(['$.calendars[0].weekly.mon[0]: a range whose start is before its end']);
  });
});
