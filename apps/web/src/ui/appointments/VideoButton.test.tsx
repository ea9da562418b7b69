// @vitest-environment jsdom
/** The video button's states over time (docs/requirements/accounts-and-appointments.md §4, §9), with a fake clock. */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, loadPart } from '../../i18n/i18n.ts';
import { VideoButton } from './VideoButton.tsx';

const START = '2026-03-10T14:00:00+01:00';
const startMs = new Date(START).getTime();
const button = () => screen.getByTestId('video-button');

beforeAll(async () => {
  await changeLanguage('en');
  // As the pages showing these components do.
  await loadPart('account');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('VideoButton', () => {
  it('is inactive until 15 minutes before, a link from then, finished 5 minutes after, then asks for a refresh', () => {
    vi.setSystemTime(startMs - 20 * 60_000);
    const onExpired = vi.fn();
    render(
      <VideoButton
        start={START}
        url="https://meet.example/room-1"
        timeZone="Europe/Paris"
        onExpired={onExpired}
      />,
    );
    expect(button().dataset.state).toBe('toCome');
    expect(button().tagName).toBe('SPAN');
    expect(screen.queryByRole('link')).toBeNull();

    // Re-checked every 30 seconds: still waiting at 15 min 30 s before, open at 15 min before.
    act(() => vi.advanceTimersByTime(4.5 * 60_000));
    expect(button().dataset.state).toBe('toCome');
    act(() => vi.advanceTimersByTime(30_000));
    expect(button().dataset.state).toBe('join');
    const link = screen.getByRole('link', { name: /Join the video call/ });
    expect(link.getAttribute('href')).toBe('https://meet.example/room-1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    act(() => vi.advanceTimersByTime(20 * 60_000));
    expect(button().dataset.state).toBe('join');
    expect(onExpired).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(30_000));
    expect(button().dataset.state).toBe('finished');
    expect(button().textContent).toBe('Video call finished');
    expect(onExpired).toHaveBeenCalledTimes(1);

    // No more checks once finished.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an appointment on another day stays "to come" even within 15 minutes of midnight', () => {
    const late = '2026-03-11T00:05:00+01:00';
    vi.setSystemTime(new Date('2026-03-10T23:55:00+01:00'));
    render(<VideoButton start={late} url="https://meet.example/r" timeZone="Europe/Paris" />);
    expect(button().dataset.state).toBe('toCome');
    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(button().dataset.state).toBe('join');
  });

  it('is finished straight away for a past appointment and does not poll', () => {
    vi.setSystemTime(startMs + 60 * 60_000);
    render(<VideoButton start={START} url="https://meet.example/r" timeZone="Europe/Paris" />);
    expect(button().dataset.state).toBe('finished');
    expect(vi.getTimerCount()).toBe(0);
  });
});
