/**
 * The booking-from-the-agenda form's state (docs/back-office.md "Booking from the agenda"): the
 * draft preset from the free place, the calendar's services, the refusals (the dialog's own
 * checks, then the server's) and the booking. The first refused field takes the focus, so it is
 * read out with its message.
 */
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useBookForCustomer } from '../../api/admin-actions.ts';
import type { AgendaAppointment } from '../../api/admin-agenda.ts';
import { useCalendarServices } from '../../api/admin-walkin.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { clockOf } from './agenda-grid.ts';
import { bookingOf, checkWalkIn, requiredContactOf, type WalkInDraft } from './walkin-draft.ts';
import { type Refusal, refusalsOf, type WalkInField } from './walkin-errors.ts';

/** A free place of the agenda, chosen on the board. */
export interface FreePlace {
  calendarId: number;
  day: string;
  /** Minutes from the day's midnight. */
  minute: number;
}

interface WalkInFormOptions {
  groupId: number;
  place: FreePlace;
  canOverride: boolean;
  onBooked: (appointment: AgendaAppointment) => void;
}

export function useWalkInForm({ groupId, place, canOverride, onBooked }: WalkInFormOptions) {
  const { i18n } = usePart('admin');
  const { locale, group } = useGroupContext();
  const requiredContact = useMemo(() => requiredContactOf(group.forms?.fiche), [group.forms]);
  const id = useId();
  const [draft, setDraft] = useState<WalkInDraft>(() => ({
    calendarId: place.calendarId,
    serviceId: null,
    date: place.day,
    time: clockOf(place.minute),
    mode: 'new',
    picked: null,
    person: { firstname: '', lastname: '', email: '', phone: '' },
    comments: '',
    notify: true,
    reason: '',
  }));
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const services = useCalendarServices(groupId, locale, draft.calendarId);
  const book = useBookForCustomer(groupId);
  const form = useRef<HTMLFormElement>(null);
  const change = (next: Partial<WalkInDraft>) => setDraft((was) => ({ ...was, ...next }));
  const changePerson = (field: keyof WalkInDraft['person'], value: string) =>
    setDraft((was) => ({ ...was, person: { ...was.person, [field]: value } }));

  // The service list follows the calendar: keep the choice while the calendar still offers it.
  const { serviceId } = draft;
  useEffect(() => {
    if (services.offered.length === 0) return;
    if (serviceId === null || !services.offered.some((s) => s.id === serviceId))
      setDraft((was) => ({ ...was, serviceId: services.offered[0]?.id ?? null }));
  }, [services.offered, serviceId]);

  const fieldId = (field: WalkInField) => `${id}-${field}`;
  const errorOf = (field: WalkInField) => refusals.find((r) => r.field === field);
  const describedBy = (field: WalkInField, hint?: string) =>
    [errorOf(field) ? `${fieldId(field)}-error` : null, hint].filter(Boolean).join(' ') || undefined;

  const focusFirstError = (found: Refusal[]) =>
    requestAnimationFrame(() => {
      const first = found[0];
      const target = first?.field
        ? form.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first.field))}`)
        : form.current?.querySelector<HTMLElement>('[data-walkin-alert]');
      target?.focus();
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (book.isPending) return;
    const found = checkWalkIn(draft, requiredContact, canOverride);
    setRefusals(found);
    if (found.length) {
      focusFirstError(found);
      return;
    }
    book.mutate(bookingOf(draft, place.minute, canOverride), {
      onSuccess: (appointment) => onBooked(appointment),
      onError: (error) => {
        const found = refusalsOf(error, (key) => i18n.exists(key));
        setRefusals(found);
        focusFirstError(found);
      },
    });
  };

  return {
    id,
    form,
    draft,
    change,
    changePerson,
    requiredContact,
    services,
    book,
    refusals,
    clearRefusals: () => setRefusals([]),
    fields: { id: fieldId, errorOf, describedBy },
    submit,
  };
}

/** How a field finds its id, its refusal and what describes it. */
export type WalkInFields = ReturnType<typeof useWalkInForm>['fields'];
