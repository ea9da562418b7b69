// @vitest-environment jsdom
/** What an appointment card shows (docs/requirements/accounts-and-appointments.md §2 appointments list): badges, pack steps, the menu's name. */
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListedAppointment } from '../../api/appointments.ts';
import { changeLanguage, loadPart } from '../../i18n/i18n.ts';
import { MemoryRouter } from '../../routing/routing.ts';
import { AppointmentCard } from './AppointmentCard.tsx';

const group = {
  timezone: 'Europe/Paris',
  display_intervention_price: true,
  display_intervention_length: true,
};

const base = {
  id: 7,
  start: '2026-05-03T07:30:00Z',
  end: '2026-05-03T08:30:00Z',
  type: 'free',
  intervention_name: 'Coupe',
  duration: 60,
  price_amount: 4160,
  is_promoted: true,
  promotion: 20,
  calendar_name: 'Léonie',
  resource: null,
  video_credentials: null,
  pack: null,
  interventions: [],
} as unknown as ListedAppointment;

function show(appointment: ListedAppointment, past = false) {
  render(
    <MemoryRouter>
      <AppointmentCard
        appointment={appointment}
        group={group}
        past={past}
        actions={['cancel']}
        onAction={vi.fn()}
      />
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await changeLanguage('en');
  // As the pages showing these components do.
  await loadPart('account');
});

describe('AppointmentCard', () => {
  it('shows time span, service, promotion badge, length, price and practitioner', () => {
    show(base);
    const card = screen.getByRole('article', { name: 'Coupe' });
    expect(card.textContent).toContain('09:30 to 10:30');
    expect(screen.getByTestId('promotion-badge').textContent).toBe('-20%20% discount');
    expect(card.textContent).toContain('1 hr');
    expect(card.textContent).toContain('€41.60');
    expect(card.textContent).toContain('with Léonie');
    expect(screen.queryByTestId('pack-tag')).toBeNull();
    expect(screen.getByRole('button', { name: /^Actions for Coupe on Sunday, 3 May 2026$/ })).toBeTruthy();
  });

  it('a pack: its name, the tag, every step with its time, no badge without a promotion', () => {
    show({
      ...base,
      type: 'first',
      is_promoted: false,
      promotion: null,
      pack: { id: 47, name: 'Rituel' },
      interventions: [
        {
          apt_id: 8,
          intervention_id: 2,
          intervention_name: 'Soin',
          calendar_id: 1,
          calendar_name: 'L',
          start: '2026-05-03T08:40:00Z',
        },
      ],
    } as ListedAppointment);
    expect(screen.getByRole('article', { name: 'Rituel' })).toBeTruthy();
    expect(screen.getByTestId('pack-tag').textContent).toBe('Pack');
    const steps = screen.getByRole('list', { name: 'Steps of the pack' });
    expect([...steps.children].map((li) => li.textContent)).toEqual(['09:30 Coupe', '10:40 Soin']);
    expect(screen.queryByTestId('promotion-badge')).toBeNull();
  });

  it('a video consultation shows its badge and, until it is over, the video button', () => {
    const video = {
      ...base,
      video_credentials: { room: 'r', url: 'https://meet.example/r' },
    } as ListedAppointment;
    show(video);
    expect(screen.getByText('Video call')).toBeTruthy();
    expect(screen.getByTestId('video-button')).toBeTruthy();
  });

  it('a past video consultation has no video button', () => {
    show(
      { ...base, video_credentials: { room: 'r', url: 'https://meet.example/r' } } as ListedAppointment,
      true,
    );
    expect(screen.queryByTestId('video-button')).toBeNull();
  });
});
