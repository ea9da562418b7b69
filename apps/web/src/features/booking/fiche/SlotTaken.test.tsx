// @vitest-environment jsdom
/** "This time has just been taken" with the later times (docs/booking.md "When the time was just taken"). */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AvailableSlot } from '../../../api/availabletimeslots.ts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { SlotTaken } from './SlotTaken.tsx';

const slot = (start: string): AvailableSlot => ({
  start,
  time: start.slice(11, 16),
  capacity: 1,
  promotion: null,
});

const next = [
  slot('2026-11-25T10:30:00+01:00'),
  slot('2026-11-25T11:00:00+01:00'),
  slot('2026-11-30T09:00:00+01:00'),
];

function show(options: { busy?: boolean; locale?: 'en' | 'fr' } = {}) {
  const onPick = vi.fn();
  const onShowAll = vi.fn();
  render(
    <SlotTaken
      slots={next}
      locale={options.locale ?? 'en'}
      busy={options.busy ?? false}
      onPick={onPick}
      onShowAll={onShowAll}
    />,
  );
  return { onPick, onShowAll };
}

beforeAll(async () => {
  await changeLanguage('en');
});
afterAll(async () => {
  await changeLanguage('en');
});

describe('a time just taken', () => {
  it('is an alert that takes the focus, names itself, and offers every time as a button on the group’s clock', () => {
    show();
    const alert = screen.getByRole('alert', { name: 'This time has just been taken' });
    expect(document.activeElement).toBe(alert);
    const list = within(alert).getByRole('list');
    const times = within(list).getAllByRole('button');
    expect(times.map((button) => button.textContent)).toEqual([
      'Wednesday, 25 November 2026 at 10:30',
      'Wednesday, 25 November 2026 at 11:00',
      'Monday, 30 November 2026 at 09:00',
    ]);
    // Every visible text is the button's accessible name (no aria-label hiding it).
    for (const button of times) expect(button.getAttribute('aria-label')).toBeNull();
  });

  it('books a picked time with the keyboard, and goes back to all times on request', async () => {
    const { onPick, onShowAll } = show();
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Wednesday, 25 November 2026 at 10:30');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(next[1]);
    await user.click(screen.getByRole('button', { name: 'See all times' }));
    expect(onShowAll).toHaveBeenCalledOnce();
  });

  it('lets nothing be picked while a booking is under way', async () => {
    const { onPick } = show({ busy: true });
    const user = userEvent.setup();
    for (const button of screen.getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getAllByRole('button')[0]!);
    expect(onPick).not.toHaveBeenCalled();
  });

  it('speaks the page’s language', async () => {
    await changeLanguage('fr');
    show({ locale: 'fr' });
    expect(screen.getByRole('alert', { name: 'Cet horaire vient d’être réservé' })).toBeTruthy();
    expect(screen.getAllByTestId('slot-taken-time')[0]!.textContent).toBe(
      'mercredi 25 novembre 2026 à 10:30',
    );
    expect(screen.getByRole('button', { name: 'Voir tous les horaires' })).toBeTruthy();
  });
});
