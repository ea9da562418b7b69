/**
 * Who the appointment is for, and the contact-details step's forms
 * (docs/requirements/accounts-and-appointments.md §2 "Contact-details step"): a customer's saved
 * records or a new one, a guest's new one, the record a professional found or creates; the forms of
 * a new record, of the chosen saved record (its edits kept per record) and of the appointment, with
 * the server's field errors shown on the form they belong to.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Fiche, useFiches } from '../../../api/fiches.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { serverFieldErrors } from '../../../ui/forms/form-state.ts';
import { useDynamicForm } from '../../../ui/forms/use-dynamic-form.ts';
import { setDraft, useBookingStore } from '../booking-store.ts';
import type { Booking } from '../use-booking.ts';
import { ficheValues, offersNewFiche } from './fiche-rules.ts';
import { useBookingFormFields } from './use-booking-form-fields.ts';

/** The server's field errors of a refused booking, by the form they belong to. */
export interface ServerErrors {
  fiche?: Record<string, string>;
  vevent?: Record<string, string>;
}

export function useFicheForms(booking: Booking) {
  const { group, sequence, locale, params, role, startContext } = booking;
  const token = useSessionToken();
  const draft = useBookingStore((s) => s.draft);
  const editing = sequence.editing !== null;
  const pro = role === 'pro';

  const fields = useBookingFormFields(group, role);
  const { newFields, savedFields, veventFields } = fields;

  // Saved fiches: a customer's people (and a guest's one record); professionals search instead.
  const fiches = useFiches(group.id, token, role === 'user');
  const saved = fiches.data ?? [];
  const [proFiche, setProFiche] = useState<Fiche | null>(null);
  const choice = draft.ficheChoice;
  const newOffered =
    role === 'anonymous' || (role === 'user' && offersNewFiche(saved.length, editing)) || pro;

  // Where the accordion opens first: the fiche being booked, else the first saved one, else new.
  // Once: the visitor may then close every panel (no fiche chosen).
  const opened = useRef(false);
  useEffect(() => {
    if (role !== 'user' || !fiches.data || opened.current) return;
    opened.current = true;
    if (choice === null) setDraft({ ficheChoice: fiches.data[0]?.id ?? 'new' });
  }, [role, fiches.data, choice]);

  // Prefill from the link (fiche=…, vevent=…), once.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current) return;
    prefilled.current = true;
    const patch: Partial<typeof draft> = {};
    if (params.fiche && Object.keys(draft.fiche).length === 0) patch.fiche = { ...params.fiche };
    if (params.vevent && Object.keys(draft.vevent).length === 0) patch.vevent = { ...params.vevent };
    if (Object.keys(patch).length > 0) setDraft(patch);
  }, [params.fiche, params.vevent, draft.fiche, draft.vevent]);

  const chosenSaved: Fiche | null = pro
    ? proFiche
    : typeof choice === 'number'
      ? (saved.find((f) => f.id === choice) ?? null)
      : null;
  const [savedEdits, setSavedEdits] = useState<Record<number, Record<string, unknown>>>({});
  const savedValues = chosenSaved
    ? (savedEdits[chosenSaved.id] ?? ficheValues(chosenSaved, savedFields))
    : {};
  const usingNew = role === 'anonymous' || choice === 'new';

  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const ficheServer = useMemo(() => serverFieldErrors(serverErrors.fiche), [serverErrors.fiche]);
  const veventServer = useMemo(() => serverFieldErrors(serverErrors.vevent), [serverErrors.vevent]);

  const onNewValues = useCallback((values: Record<string, unknown>) => setDraft({ fiche: values }), []);
  const onVeventValues = useCallback((values: Record<string, unknown>) => setDraft({ vevent: values }), []);
  const onSavedValues = useCallback(
    (values: Record<string, unknown>) => {
      if (chosenSaved) setSavedEdits((current) => ({ ...current, [chosenSaved.id]: values }));
    },
    [chosenSaved],
  );
  const newForm = useDynamicForm({
    fields: newFields,
    values: draft.fiche,
    onValues: onNewValues,
    locale,
    today: startContext.today,
    serverErrors: usingNew ? ficheServer : undefined,
  });
  const savedForm = useDynamicForm({
    fields: savedFields,
    values: savedValues,
    onValues: onSavedValues,
    locale,
    today: startContext.today,
    serverErrors: usingNew ? undefined : ficheServer,
  });
  const veventForm = useDynamicForm({
    fields: veventFields,
    values: draft.vevent,
    onValues: onVeventValues,
    locale,
    today: startContext.today,
    serverErrors: veventServer,
  });

  const editingRows = useBookingStore((s) => s.editingBooking);
  const editingPerson = editing ? (editingRows?.[0]?.fiche ?? null) : null;

  return {
    fields,
    fichesPending: fiches.isPending,
    saved,
    proFiche,
    setProFiche,
    choice,
    newOffered,
    chosenSaved,
    savedValues,
    usingNew,
    setServerErrors,
    newForm,
    savedForm,
    veventForm,
    /** The person's form in use: the new record's or the saved record's. */
    ficheForm: usingNew ? newForm : savedForm,
    /** While changing an appointment: its person, fixed. */
    editingPerson,
    hasFiche: editing || usingNew || chosenSaved !== null,
  };
}

export type FicheForms = ReturnType<typeof useFicheForms>;
