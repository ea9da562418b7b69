import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CancellableAppointment, idsToCancel, planCancel } from './cancel-plan.ts';

const NOW = new Date('2026-05-01T10:00:00Z');
let nextId = 1;
const apt = (start: string, extra: Partial<CancellableAppointment> = {}): CancellableAppointment => ({
  id: nextId++,
  start,
  type: 'free',
  parent_id: null,
  consecutive_value: null,
  ...extra,
});

describe('planCancel', () => {
  it('proposes a single future appointment alone', () => {
    const a = apt('2026-05-03T09:00:00Z');
    const other = apt('2026-05-04T09:00:00Z');
    const plan = planCancel([a, other], a.id, NOW);
    expect(plan).toEqual({ kind: 'single', unit: { head: a, included: [], ids: [a.id] } });
  });

  it('refuses a past or started appointment and an unknown one (already cancelled)', () => {
    const past = apt('2026-05-01T09:00:00Z');
    expect(planCancel([past], past.id, NOW)).toEqual({ kind: 'none' });
    expect(planCancel([past], 999, NOW)).toEqual({ kind: 'none' });
  });

  it('proposes every future appointment of a booking, sorted by start', () => {
    const late = apt('2026-05-03T11:00:00Z', { consecutive_value: 'b1' });
    const early = apt('2026-05-03T09:00:00Z', { consecutive_value: 'b1' });
    const gone = apt('2026-04-30T09:00:00Z', { consecutive_value: 'b1' });
    const foreign = apt('2026-05-03T10:00:00Z', { consecutive_value: 'b2' });
    const plan = planCancel([late, gone, foreign, early], late.id, NOW);
    expect(plan.kind).toBe('several');
    if (plan.kind !== 'several') return;
    expect(plan.units.map((u) => u.head.id)).toEqual([early.id, late.id]);
  });

  it('takes a pack as one choice with its included appointments, from any of its items', () => {
    const head = apt('2026-05-05T09:00:00Z', { type: 'first', consecutive_value: 'p' });
    const second = apt('2026-05-05T09:30:00Z', {
      type: 'included',
      parent_id: head.id,
      consecutive_value: 'p',
    });
    const third = apt('2026-05-05T10:15:00Z', {
      type: 'included',
      parent_id: head.id,
      consecutive_value: 'p',
    });
    for (const asked of [head, second, third]) {
      const plan = planCancel([third, head, second], asked.id, NOW);
      expect(plan).toEqual({
        kind: 'single',
        unit: { head, included: [second, third], ids: [head.id, second.id, third.id] },
      });
    }
  });

  it("finds a pack's included appointments by parent when the booking has no consecutive value", () => {
    const head = apt('2026-05-05T09:00:00Z', { type: 'first' });
    const item = apt('2026-05-05T09:30:00Z', { type: 'included', parent_id: head.id });
    const other = apt('2026-05-05T11:00:00Z');
    expect(planCancel([other, item, head], item.id, NOW)).toEqual({
      kind: 'single',
      unit: { head, included: [item], ids: [head.id, item.id] },
    });
  });

  it('mixes packs and single appointments of one booking', () => {
    const single = apt('2026-05-06T08:00:00Z', { consecutive_value: 'm' });
    const head = apt('2026-05-06T09:00:00Z', { type: 'first', consecutive_value: 'm' });
    const item = apt('2026-05-06T09:45:00Z', {
      type: 'included',
      parent_id: head.id,
      consecutive_value: 'm',
    });
    const plan = planCancel([item, head, single], single.id, NOW);
    expect(plan.kind).toBe('several');
    if (plan.kind !== 'several') return;
    expect(plan.units.map((u) => u.ids)).toEqual([[single.id], [head.id, item.id]]);
    expect(idsToCancel(plan.units, new Set([head.id]))).toEqual([head.id, item.id]);
    expect(idsToCancel(plan.units, new Set())).toEqual([]);
  });

  it('never proposes a past appointment nor loses a future one of the booking (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            offsetHours: fc.integer({ min: -48, max: 48 }),
            booking: fc.constantFrom('x', 'y', null),
          }),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        fc.nat(),
        (specs, pick) => {
          const list = specs.map((s) =>
            apt(new Date(NOW.getTime() + s.offsetHours * 3_600_000 + 1).toISOString(), {
              consecutive_value: s.booking,
            }),
          );
          const target = list[pick % list.length]!;
          const plan = planCancel(list, target.id, NOW);
          const isFuture = (a: CancellableAppointment) => new Date(a.start) > NOW;
          if (!isFuture(target)) return plan.kind === 'none';
          const units = plan.kind === 'single' ? [plan.unit] : plan.kind === 'several' ? plan.units : [];
          const ids = units.flatMap((u) => u.ids);
          const expected = target.consecutive_value
            ? list.filter((a) => a.consecutive_value === target.consecutive_value && isFuture(a))
            : [target];
          const starts = units.map((u) => new Date(u.head.start).getTime());
          return (
            ids.length === expected.length &&
            expected.every((a) => ids.includes(a.id)) &&
            starts.every((s, i) => i === 0 || starts[i - 1]! <= s)
          );
        },
      ),
    );
  });
});
