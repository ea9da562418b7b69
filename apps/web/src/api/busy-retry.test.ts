/** Which busy answers the client retries by itself, and how long it waits (docs/operations.md "Under overload"). */
import { describe, expect, it } from 'vitest';
import {
  BUSY_MAX_RETRIES,
  BUSY_MAX_WAIT_MS,
  BUSY_MIN_WAIT_MS,
  type BusyAnswer,
  busyRetryDelay,
  hasIdempotencyKey,
  retryAfterMs,
} from './busy-retry.ts';

const NOW = Date.parse('2026-11-27T09:00:00Z');
const busy = (over: Partial<BusyAnswer> = {}): BusyAnswer => ({
  status: 503,
  retryAfter: '2',
  method: 'GET',
  idempotent: false,
  retry: 1,
  ...over,
});
const lowest = () => 0;
const highest = () => 0.999_999;

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('5', NOW)).toBe(5000);
    expect(retryAfterMs(' 0 ', NOW)).toBe(0);
    expect(retryAfterMs('Fri, 27 Nov 2026 09:00:12 GMT', NOW)).toBe(12_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 08:00:00 GMT', NOW)).toBe(0);
    expect(retryAfterMs(null, NOW)).toBeUndefined();
    expect(retryAfterMs('soon', NOW)).toBeUndefined();
    expect(retryAfterMs('-3', NOW)).toBeUndefined();
  });
});

describe('busyRetryDelay', () => {
  it('waits what the server asks, plus up to half of it at random', () => {
    expect(busyRetryDelay(busy(), NOW, lowest)).toBe(2000);
    expect(busyRetryDelay(busy(), NOW, highest)).toBe(3000);
    for (let i = 0; i < 200; i++) {
      const delay = busyRetryDelay(busy({ retryAfter: '10' }), NOW, Math.random)!;
      expect(delay).toBeGreaterThanOrEqual(10_000);
      expect(delay).toBeLessThanOrEqual(15_000);
    }
  });

  it('keeps every wait between one and thirty seconds', () => {
    expect(busyRetryDelay(busy({ retryAfter: '0' }), NOW, lowest)).toBe(BUSY_MIN_WAIT_MS);
    expect(busyRetryDelay(busy({ retryAfter: '3600' }), NOW, lowest)).toBe(BUSY_MAX_WAIT_MS);
    expect(busyRetryDelay(busy({ retryAfter: '25' }), NOW, highest)).toBe(BUSY_MAX_WAIT_MS);
  });

  it(`gives up after ${BUSY_MAX_RETRIES} retries`, () => {
    expect(busyRetryDelay(busy({ retry: BUSY_MAX_RETRIES }), NOW, lowest)).toBe(2000);
    expect(busyRetryDelay(busy({ retry: BUSY_MAX_RETRIES + 1 }), NOW, lowest)).toBeUndefined();
  });

  it('retries a write only when it carries an Idempotency-Key, so nothing is booked twice', () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect(busyRetryDelay(busy({ method }), NOW, lowest), method).toBeUndefined();
      expect(busyRetryDelay(busy({ method, idempotent: true }), NOW, lowest), method).toBe(2000);
    }
  });

  it('leaves alone other failures and a 503 that does not say when to come back', () => {
    expect(busyRetryDelay(busy({ status: 500 }), NOW, lowest)).toBeUndefined();
    expect(busyRetryDelay(busy({ status: 429 }), NOW, lowest)).toBeUndefined();
    expect(busyRetryDelay(busy({ retryAfter: null }), NOW, lowest)).toBeUndefined();
    expect(busyRetryDelay(busy({ retryAfter: 'later' }), NOW, lowest)).toBeUndefined();
  });
});

describe('hasIdempotencyKey', () => {
  it('finds the header in any spelling, and not an empty one', () => {
    expect(hasIdempotencyKey({ 'Idempotency-Key': 'k1' })).toBe(true);
    expect(hasIdempotencyKey({ 'idempotency-key': 'k1' })).toBe(true);
    expect(hasIdempotencyKey({ 'Idempotency-Key': '' })).toBe(false);
    expect(hasIdempotencyKey({ accept: 'application/json' })).toBe(false);
    expect(hasIdempotencyKey(undefined)).toBe(false);
  });
});
