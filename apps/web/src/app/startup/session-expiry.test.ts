import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLOCK_TOLERANCE_MS, expiryPlan, SERVER_CHECK_MS, SESSION_LIFETIME_MS } from './session-expiry.ts';

const signed = '2026-06-01T10:00:00.000Z';
const t0 = Date.parse(signed);

describe('expiryPlan', () => {
  it('waits for the rest of the two hours', () => {
    expect(expiryPlan(signed, t0)).toEqual({ kind: 'timer', delay: SESSION_LIFETIME_MS });
    expect(expiryPlan(signed, t0 + 90 * 60_000)).toEqual({ kind: 'timer', delay: 30 * 60_000 });
  });

  it('ends at once a session the clock sees as just over', () => {
    expect(expiryPlan(signed, t0 + SESSION_LIFETIME_MS + 1000)).toEqual({ kind: 'timer', delay: 0 });
  });

  it('asks the server when the clock looks wrong or the date is missing', () => {
    const ask = { kind: 'askServer', every: SERVER_CHECK_MS };
    expect(expiryPlan(signed, t0 - CLOCK_TOLERANCE_MS - 1)).toEqual(ask);
    expect(expiryPlan(signed, t0 + SESSION_LIFETIME_MS + CLOCK_TOLERANCE_MS + 1)).toEqual(ask);
    expect(expiryPlan(null, t0)).toEqual(ask);
    expect(expiryPlan('not a date', t0)).toEqual(ask);
  });

  it('never waits longer than the lifetime nor less than zero (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10 * 3_600_000, max: 10 * 3_600_000 }), (offset) => {
        const plan = expiryPlan(signed, t0 + offset);
        return plan.kind === 'askServer' || (plan.delay >= 0 && plan.delay <= SESSION_LIFETIME_MS);
      }),
    );
  });
});
