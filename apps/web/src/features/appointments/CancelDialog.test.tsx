// @vitest-environment jsdom
/** The cancel dialog's variants and what its answer does (docs/requirements/accounts-and-appointments.md §2, §4, §8), with a fake API. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookedAppointment } from '../../api/appointment-create.ts';
import { changeLanguage, loadPart } from '../../i18n/i18n.ts';
import { QueryClient, QueryClientProvider } from '../../query/query.ts';
import { useNotificationStore } from '../../ui/notification-store.ts';
import { usePopupStore } from '../../ui/popup-store.ts';
import { CancelDialog } from './CancelDialog.tsx';

const NOW = new Date('2026-05-01T08:00:00Z');
const group = { id: 5, phone: '+33 4 65 71 24 60', timezone: 'Europe/Paris' };

let nextId = 100;
function apt(start: string, extra: Partial<BookedAppointment> = {}): BookedAppointment {
  const id = nextId++;
  return {
    id,
    start,
    end: new Date(new Date(start).getTime() + 30 * 60_000).toISOString(),
    status: 'confirmed',
    group_id: 5,
    group_name: 'Salon',
    group_urlname: 'salon',
    fiche_id: 1,
    fiche: { id: 1, firstname: 'Camille', lastname: 'Durand' },
    intervention_id: 35,
    intervention_name: `Service ${id}`,
    intervention_length: 30,
    duration: 30,
    videoconference: false,
    video_credentials: null,
    type: 'free',
    pack_id: null,
    parent_id: null,
    pack: null,
    consecutive_value: null,
    price: null,
    price_amount: null,
    intervention_price: null,
    promotion: null,
    is_promoted: false,
    calendar_id: 1,
    calendar_name: 'Léonie',
    calendar: { id: 1, publicname: 'Léonie' },
    resource: null,
    interventions: [],
    vevent_comments: null,
    comments: null,
    vevent: null,
    address: null,
    location: null,
    time_zone: 'Europe/Paris',
    google_calendar: {
      title: '',
      start: '',
      end: '',
      description: '',
      location: '',
      timeZone: 'Europe/Paris',
    },
    created_at: '2026-04-01T08:00:00.000Z',
    ...extra,
  };
}

interface Sent {
  path: string;
  body: unknown;
}

/** Answers batch_delete with `answer`; records what was sent. */
function serve(answer: { status: number; body: unknown }, sent: Sent[]) {
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    sent.push({
      path: new URL(input, 'http://test').pathname,
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
}

function open(appointments: BookedAppointment[], targetId: number, props: { fromLink?: boolean } = {}) {
  const onClose = vi.fn();
  const onCancelled = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CancelDialog
        group={group}
        appointments={appointments}
        targetId={targetId}
        onClose={onClose}
        onCancelled={onCancelled}
        now={NOW}
        {...props}
      />
    </QueryClientProvider>,
  );
  return { onClose, onCancelled };
}

beforeAll(async () => {
  await changeLanguage('en');
  // As the pages showing these components do.
  await loadPart('account');
});

afterEach(() => {
  vi.unstubAllGlobals();
  usePopupStore.setState({ popup: null });
  useNotificationStore.setState({ current: null });
});

describe('CancelDialog', () => {
  it('one appointment: its summary, the singular warning, yes sends it and closes', async () => {
    const a = apt('2026-05-03T08:00:00Z');
    const sent: Sent[] = [];
    serve({ status: 200, body: { records: [a], message: 'appointmentCanceled' } }, sent);
    const { onClose, onCancelled } = open([a], a.id);
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel the appointment' });
    expect(dialog.textContent).toContain('Do you really want to cancel this appointment?');
    expect(dialog.textContent).toContain(`Service ${a.id}`);
    expect(dialog.textContent).toContain('10:00 to 10:30');
    expect(dialog.textContent).toContain('For Camille Durand');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).toEqual({
      path: '/api/v3/groups/5/appointments/batch_delete',
      body: { appointments: [{ id: a.id }] },
    });
    expect(onCancelled).toHaveBeenCalledWith([a.id]);
    expect(useNotificationStore.getState().current?.key).toBe('appointmentCanceled');
  });

  it('several booked together: all ticked, the unticked ones are kept, the warning follows the count', async () => {
    const first = apt('2026-05-03T08:00:00Z', { consecutive_value: 'b' });
    const second = apt('2026-05-03T08:30:00Z', { consecutive_value: 'b' });
    const sent: Sent[] = [];
    serve({ status: 200, body: { records: [second], message: 'appointmentCanceled' } }, sent);
    open([second, first], second.id);
    expect(screen.getByRole('alertdialog', { name: 'Cancel appointments' }).textContent).toContain(
      'Do you really want to cancel these appointments?',
    );
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true]);
    await userEvent.click(boxes[0]!);
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'Do you really want to cancel this appointment?',
    );
    await userEvent.click(boxes[1]!);
    const yes = screen.getByRole('button', { name: 'Yes, cancel it' });
    expect(yes.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(yes);
    expect(sent).toHaveLength(0);
    await userEvent.click(boxes[1]!);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ appointments: [{ id: second.id }] });
  });

  it('a pack is one choice carrying its included appointments', async () => {
    const head = apt('2026-05-03T08:00:00Z', {
      type: 'first',
      pack_id: 47,
      pack: { id: 47, name: 'Rituel' },
      consecutive_value: 'p',
    });
    const item = apt('2026-05-03T08:40:00Z', {
      type: 'included',
      parent_id: head.id,
      consecutive_value: 'p',
    });
    const sent: Sent[] = [];
    serve({ status: 200, body: { records: [head, item], message: 'appointmentCanceled' } }, sent);
    open([head, item], item.id);
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel the appointment' });
    expect(dialog.textContent).toContain('Rituel');
    expect(screen.getByRole('list', { name: 'Steps of the pack' }).children).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel them' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ appointments: [{ id: head.id }, { id: item.id }] });
  });

  it('nothing cancellable: the already-cancelled warning with the phone, and only a close button', async () => {
    const past = apt('2026-04-30T08:00:00Z');
    const { onClose } = open([past], past.id);
    const dialog = screen.getByRole('alertdialog', { name: 'Nothing to cancel' });
    expect(dialog.textContent).toContain(
      'This appointment has already been cancelled or has already taken place.',
    );
    expect(screen.getByRole('link', { name: '+33 4 65 71 24 60' }).getAttribute('href')).toBe(
      'tel:+33465712460',
    );
    expect(screen.queryByRole('button', { name: /Yes/ })).toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows cancellingAppointment while the request runs', async () => {
    const a = apt('2026-05-03T08:00:00Z');
    let release: (value: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (release = resolve)));
    open([a], a.id);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(screen.getByRole('status').textContent).toContain('Cancelling…');
    expect(screen.queryByRole('button', { name: 'Yes, cancel it' })).toBeNull();
    release(new Response(JSON.stringify({ records: [a], message: 'appointmentCanceled' }), { status: 200 }));
  });

  it('too close to the start: closes and explains mintimeRDVError in an alert', async () => {
    const a = apt('2026-05-01T12:00:00Z');
    serve(
      {
        status: 422,
        body: { message: 'mintimeRDVError', messages: { errors: ['mintimeRDVError'] }, errorCode: 10 },
      },
      [],
    );
    const { onClose, onCancelled } = open([a], a.id);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onCancelled).not.toHaveBeenCalled();
    expect(usePopupStore.getState().popup).toEqual({ kind: 'alert', message: 'mintimeRDVError' });
  });

  it('already cancelled meanwhile: the alert gives the phone the server sent', async () => {
    const a = apt('2026-05-03T08:00:00Z');
    serve(
      {
        status: 409,
        body: {
          message: 'aptAlreadyCanceled',
          messages: { errors: ['aptAlreadyCanceled'] },
          phone: '+33 1 00',
        },
      },
      [],
    );
    open([a], a.id);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() =>
      expect(usePopupStore.getState().popup).toEqual({
        kind: 'alert',
        message: 'aptAlreadyCanceledPhone',
        values: { phone: '+33 1 00' },
      }),
    );
  });

  it('from an e-mail link, success shows the appointmentCanceled confirmation', async () => {
    const a = apt('2026-05-03T08:00:00Z');
    serve({ status: 200, body: { records: [a], message: 'appointmentCanceled' } }, []);
    open([a], a.id, { fromLink: true });
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() =>
      expect(usePopupStore.getState().popup).toEqual({
        kind: 'alert',
        title: 'Cancellation confirmed',
        message: 'appointmentCanceled',
      }),
    );
  });
});
