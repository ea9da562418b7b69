import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLAIM_LEASE_MS, MAX_ATTEMPTS, RETRY_BASE_MS, RETRY_CAP_MS, retryDelayMs } from './retry-policy.ts';

describe('retryDelayMs', () => {
  it('starts at 5 s and doubles: 5, 10, 20, 40 s…', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
  });

  it('is 5 s × 2^(n−1) until the 1-hour cap, then the cap, for any attempt count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (attempts) => {
        const delay = retryDelayMs(attempts);
        let expected = RETRY_BASE_MS;
        for (let i = 1; i < attempts && expected < RETRY_CAP_MS; i++) expected *= 2;
        expect(delay).toBe(Math.min(expected, RETRY_CAP_MS));
        expect(retryDelayMs(attempts + 1)).toBeGreaterThanOrEqual(delay);
      }),
    );
  });

  it('keeps retrying through more than a day of outage, and a lease outlives the SMTP timeouts', () => {
    let total = 0;
    for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts++) total += retryDelayMs(attempts);
    expect(total).toBeGreaterThan(24 * 3600_000);
    expect(CLAIM_LEASE_MS).toBeGreaterThanOrEqual(5 * 60_000);
  });
});
