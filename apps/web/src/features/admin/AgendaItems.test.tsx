// @vitest-environment jsdom
/**
 * An appointment of the agenda (docs/back-office.md "Agenda"): its name says everything the block
 * shortens, and one booked with others (a pack, consecutive appointments) carries a link mark and
 * says so; a lone one does neither.
 */
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgendaAppointment } from '../../api/admin-agenda.ts';
import { loadAdminTexts } from '../../i18n/admin-texts.ts';
import { changeLanguage } from '../../i18n/i18n.ts';
import { AppointmentButton } from './AgendaItems.tsx';
import { createAgendaFormat } from './agenda-format.ts';
import { useAgendaLabels } from './agenda-labels.ts';

const lone: AgendaAppointment = {
  id: 7,
  calendar_id: 25,
  resource_id: null,
  starts_at: '2026-11-25T09:00:00Z',
  ends_at: '2026-11-25T09:45:00Z',
  starts_local: '2026-11-25T10:00',
  ends_local: '2026-11-25T10:45',
  status: 'confirmed',
  attendance: null,
  intervention_id: 35,
  intervention_name: 'Coupe femme',
  pack_id: null,
  parent_id: null,
  customer: { fiche_id: 3, firstname: 'Margaux', lastname: 'Roux', phone: null, email: null },
  comments: null,
  staff_note: null,
  price_amount: null,
  booked_by_staff: false,
};

function Block({ appointment }: { appointment: AgendaAppointment }) {
  const labels = useAgendaLabels(createAgendaFormat('en'));
  return (
    <AppointmentButton
      appointment={appointment}
      calendarName="Léonie Marchand"
      labels={labels}
      compact={false}
      withService
      short={false}
      draggable={false}
      column={0}
      index={0}
      register={() => {}}
      onKeyDown={() => {}}
      onPointerDown={() => {}}
      onOpen={() => {}}
    />
  );
}

beforeAll(async () => {
  await changeLanguage('en');
  await loadAdminTexts();
});

describe('an appointment of the agenda', () => {
  it('alone: named by its times, customer, service and calendar, with no link mark', () => {
    render(<Block appointment={lone} />);
    const button = screen.getByTestId('agenda-appointment');
    expect(button.textContent).toContain('10:00 to 10:45, Margaux Roux, Coupe femme, Léonie Marchand');
    expect(button.textContent).not.toContain('booked together with others');
    expect(screen.queryByTestId('badge-linked')).toBeNull();
  });

  it.each([
    ['of a pack', { pack_id: 5 }],
    ['after another, booked together', { parent_id: 6 }],
  ])('%s: a link mark, hidden from screen readers, and said in its name', (_, linked) => {
    render(<Block appointment={{ ...lone, ...linked }} />);
    const name = screen.getByTestId('agenda-appointment').querySelector('.visually-hidden');
    expect(name?.textContent).toBe(
      '10:00 to 10:45, Margaux Roux, Coupe femme, Léonie Marchand, booked together with others',
    );
    const mark = screen.getByTestId('badge-linked');
    expect(mark.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
