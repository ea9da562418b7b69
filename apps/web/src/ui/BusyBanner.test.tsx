// @vitest-environment jsdom
/** The busy banner's countdown, with a fake clock (docs/operations.md "Under overload"). */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n/i18n.ts';
import { startBusyWait } from '../lib/busy-store.ts';
import { BusyBanner, secondsUntil } from './BusyBanner.tsx';

beforeAll(async () => {
  await changeLanguage('en');
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const countdown = () => screen.queryByTestId('busy-countdown')?.textContent ?? null;

describe('secondsUntil', () => {
  it('rounds up, and stops at zero', () => {
    expect(secondsUntil(10_000, 7_001)).toBe(3);
    expect(secondsUntil(10_000, 9_999)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 12_000)).toBe(0);
  });
});

describe('BusyBanner', () => {
  it('counts down while a call waits, says when it is retried, and leaves when it is through', () => {
    render(<BusyBanner />);
    const status = screen.getByRole('status');
    expect(countdown()).toBeNull();

    const wait = startBusyWait();
    act(() => wait.retryAt(Date.now() + 3000));
    expect(countdown()).toBe('Many people are booking right now — retrying in 3 s');
    // A screen reader hears the sentence once, not each second.
    expect(status.textContent).toContain('retrying in 3 s');

    act(() => vi.advanceTimersByTime(1000));
    expect(countdown()).toBe('Many people are booking right now — retrying in 2 s');
    expect(status.querySelector('.visually-hidden')?.textContent).toBe(
      'Many people are booking right now — retrying in 3 s',
    );

    act(() => vi.advanceTimersByTime(2000));
    expect(countdown()).toBe('Many people are booking right now — retrying now…');

    act(() => wait.end());
    expect(countdown()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('speaks the page’s language', async () => {
    await act(() => changeLanguage('fr'));
    try {
      render(<BusyBanner />);
      const wait = startBusyWait();
      act(() => wait.retryAt(Date.now() + 2000));
      expect(countdown()).toBe('Beaucoup de personnes réservent en ce moment — nouvel essai dans 2 s');
      act(() => wait.end());
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
