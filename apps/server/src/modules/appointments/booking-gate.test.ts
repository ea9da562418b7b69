import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors/domain-error.ts';
import { BookingGate } from './booking-gate.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('BookingGate', () => {
  it('runs at most its number at once per group, in arrival order, and refuses beyond its queue', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.constantFrom(1, 2), { minLength: 1, maxLength: 25 }),
        async (atOnce, maxWaiting, groups) => {
          const gate = new BookingGate(atOnce, maxWaiting);
          const running = new Map<number, number>();
          const started: number[] = [];
          const releases: (() => void)[] = [];
          const outcomes = groups.map((group, i) =>
            gate
              .run(group, async () => {
                running.set(group, (running.get(group) ?? 0) + 1);
                expect(running.get(group)).toBeLessThanOrEqual(atOnce);
                started.push(i);
                await new Promise<void>((resolve) => releases.push(resolve));
                running.set(group, running.get(group)! - 1);
              })
              .then(
                () => 'done',
                (error: unknown) => {
                  expect(error).toBeInstanceOf(DomainError);
                  expect((error as DomainError).key).toBe('serverBusy');
                  return 'refused';
                },
              ),
          );
          // Let every booking through as the ones before it finish.
          while (releases.length > 0 || started.length === 0) {
            await tick();
            releases.shift()?.();
            if (releases.length === 0) await tick();
            if (releases.length === 0) break;
          }
          const results = await Promise.all(outcomes);
          for (const group of [1, 2]) {
            const mine = groups.flatMap((g, i) => (g === group ? [i] : []));
            const refused = mine.filter((i) => results[i] === 'refused');
            // Refused exactly those that came when atOnce ran and maxWaiting waited.
            expect(refused).toEqual(mine.slice(atOnce + maxWaiting));
            // Each group's bookings started in arrival order.
            const order = started.filter((i) => groups[i] === group);
            expect(order).toEqual(mine.slice(0, atOnce + maxWaiting));
          }
          expect(gate.waiting).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
