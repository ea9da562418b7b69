/** warmIntlSoon (warm-intl.ts): Intl's first use, out of the task that asks for it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmIntlSoon } from './warm-intl.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('warmIntlSoon', () => {
  it('makes a date formatter in a later task, not in the one that calls it', () => {
    vi.useFakeTimers();
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    warmIntlSoon();
    expect(made).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(made).toHaveBeenCalledTimes(1);
  });
});
