// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressiveCount } from './use-progressive-count.ts';

describe('useProgressiveCount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Runs the pending tasks one at a time; the counts seen after each. */
  const steps = (result: { current: number }, tasks: number) => {
    const seen = [result.current];
    for (let i = 0; i < tasks; i++) {
      act(() => vi.advanceTimersToNextTimer());
      seen.push(result.current);
    }
    return seen;
  };

  it('draws the first screenful at once, then a step per task, up to the total', () => {
    const { result } = renderHook(() => useProgressiveCount(30, 12, 8, 'week'));
    expect(steps(result, 4)).toEqual([12, 20, 28, 30, 30]);
  });

  it('draws everything at once when the total fits the first screenful', () => {
    const { result } = renderHook(() => useProgressiveCount(5, 12, 8, 'day'));
    expect(result.current).toBe(5);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts again from the first screenful for another key, and follows a growing total', () => {
    const { result, rerender } = renderHook(({ total, key }) => useProgressiveCount(total, 10, 10, key), {
      initialProps: { total: 30, key: 'a' },
    });
    steps(result, 2);
    expect(result.current).toBe(30);
    rerender({ total: 30, key: 'b' });
    expect(result.current).toBe(10);
    rerender({ total: 45, key: 'b' });
    expect(steps(result, 4)).toEqual([10, 20, 30, 40, 45]);
  });
});
