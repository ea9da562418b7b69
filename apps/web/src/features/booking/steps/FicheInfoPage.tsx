import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiError } from '../../../api/client.ts';
import { type Fiche, useFiches } from '../../../api/fiches.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { announceBooking } from '../../../app/announce-booking.ts';
import { groupPath } from '../../../app/paths.ts';
import { useLeaveWarning } from '../../../lib/use-leave-warning.ts';
import { Button } from '../../../ui/Button.tsx';
import { DynamicForm } from '../../../ui/forms/DynamicForm.tsx';
import { serverFieldErrors } from '../../../ui/forms/form-state.ts';
import { useDynamicForm } from '../../../ui/forms/use-dynamic-form.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { notify } from '../../../ui/notification-store.ts';
import { openPopup } from '../../../ui/popup-store.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { type BookingFailure, bookingFailureOf } from '../booking-errors.ts';
import { attemptKey, setConfirmation, setDraft, useBookingStore } from '../booking-store.ts';
import { chosenItems } from '../catalogue-filters.ts';
import { AppointmentAbout } from '../fiche/AppointmentAbout.tsx';
import { FicheAccordion } from '../fiche/FicheAccordion.tsx';
import styles from '../fiche/fiche.module.css';
import { changedFields, ficheValues, offersNewFiche, submitBlock } from '../fiche/fiche-rules.ts';
import { ProFicheSearch } from '../fiche/ProFicheSearch.tsx';
import { useBookingFormFields } from '../fiche/use-booking-form-fields.ts';
import { VideoTerms } from '../fiche/VideoTerms.tsx';
import parts from '../parts/parts.module.css';
import { StepHeader } from '../parts/StepHeader.tsx';
import { bookingBody } from '../slot-request.ts';
import { useBooking } from '../use-booking.ts';
import { useCatalogue } from '../use-catalogue.ts';
import { type BookingSubmission, useSubmitBooking } from '../use-submit-booking.ts';

const LazyRichText = lazy(() =>
  import('../parts/LazyRichText.tsx').then((m) => ({ default: m.LazyRichText })),
);

const STEP = 'fiche_info';

export function FicheInfoPage() {
  const { t } = useTranslation();
  const booking = useBooking();
  const { group, session, selection, itemCalendars, sequence, locale, params, role, merge, startContext } =
    booking;
  const queryClient = useQueryClient();
  const submitBooking = useSubmitBooking(group.id);
  const token = useSessionToken();
  const draft = useBookingStore((s) => s.draft);
  const confirmation = useBookingStore((s) => s.confirmation);
  const catalogue = useCatalogue(['services']);
  const editing = sequence.editing !== null;
  const pro = role === 'pro';
  const headingId = useId();

  const { newFields, savedFields, veventFields, withComment } = useBookingFormFields(group, role);
  const items = chosenItems(selection.intervention_ids, catalogue.services);
  const videoconference = items.some((i) => i.videoconference);

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

  const [serverErrors, setServerErrors] = useState<{
    fiche?: Record<string, string>;
    vevent?: Record<string, string>;
  }>({});
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
  const hasFiche = editing || usingNew || chosenSaved !== null;
  const ficheForm = usingNew ? newForm : savedForm;
  const block = submitBlock({
    hasFiche,
    videoconference,
    termsAccepted: draft.termsAccepted,
    // While changing an appointment the person is fixed: only the appointment's details count.
    formsValid: (editing || !hasFiche || ficheForm.valid) && veventForm.valid,
  });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<BookingFailure | null>(null);

  // Unsaved input: ask before leaving (docs/requirements/accounts-and-appointments.md §4), not for professionals.
  const dirty =
    Object.keys(draft.fiche).length > 0 ||
    Object.keys(draft.vevent).length > 0 ||
    draft.comment.trim() !== '';
  useLeaveWarning(!pro && dirty && !busy && !confirmation);

  const focusFirstProblem = () => {
    requestAnimationFrame(() => {
      const target = document.querySelector<HTMLElement>(
        '[data-booking-form] [aria-invalid="true"], [data-booking-form] input[aria-invalid="true"]',
      );
      (target ?? document.getElementById(`${headingId}-hint`))?.focus();
    });
  };

  const submit = async () => {
    setTried(true);
    ficheForm.submit();
    veventForm.submit();
    if (block !== null || busy) {
      focusFirstProblem();
      return;
    }
    if (!selection.slots) {
      booking.back(booking.slotsIndex);
      return;
    }
    setBusy(true);
    setFailure(null);
    setServerErrors({});
    try {
      const vevent = veventForm.stored;
      let submission: BookingSubmission;
      if (editing) {
        const fiche = editingPerson?.id ?? (typeof choice === 'number' ? choice : 0);
        submission = {
          kind: 'change',
          appointmentId: sequence.editing!,
          date: selection.slots,
          ficheId: fiche > 0 ? fiche : undefined,
          comments: withComment
            ? draft.comment
            : typeof vevent.comments === 'string'
              ? vevent.comments
              : undefined,
        };
      } else {
        const current = usingNew ? null : chosenSaved!;
        submission = {
          kind: 'book',
          person: current
            ? {
                id: current.id,
                changedFields: changedFields(ficheValues(current, savedFields), savedValues, savedFields)
                  ? savedForm.stored
                  : undefined,
              }
            : { fields: newForm.stored },
          body: (fiche) =>
            bookingBody(
              {
                selection,
                itemCalendars,
                catalogue: catalogue.services,
                merge,
                links: group.calendars_interventions_links ?? {},
              },
              {
                groupId: group.id,
                fiche,
                comments: withComment ? draft.comment : undefined,
                websource: params.websource,
                vevent,
              },
            ),
          attemptKey: attemptKey(),
          withToken: !session.logged || session.account?.id === 0,
          mayOpenGuestSession: !(session.logged && session.type === 'pro'),
        };
      }
      const done = await submitBooking.mutateAsync(submission);
      setConfirmation(done.confirmation);
      if (done.booked)
        announceBooking(
          group,
          done.booked.map((r) => ({
            id: r.id,
            start: r.start,
            intervention_id: r.intervention_id,
            intervention_name: r.intervention_name,
            calendar_id: r.calendar_id,
          })),
        );
      booking.choice(STEP, (state) => ({ selection: state.selection }), catalogue.services);
    } catch (error) {
      const found = bookingFailureOf(error, { logged: session.logged });
      // A refusal is final for this attempt: the next one gets a new key.
      if ((error as ApiError)?.status) useBookingStore.setState({ attemptKey: null });
      if (found.refreshSlots) {
        notify(t(found.key, found.values), { tone: 'error' });
        void queryClient.invalidateQueries({ queryKey: queryKeys.slots.ofGroup(group.id) });
        booking.back(booking.slotsIndex);
        return;
      }
      if (found.fieldErrors) {
        setServerErrors(
          found.key === 'booking.errors.vevent'
            ? { vevent: found.fieldErrors }
            : { fiche: found.fieldErrors },
        );
      }
      setFailure(found);
      focusFirstProblem();
    } finally {
      setBusy(false);
    }
  };

  // Before a first try the button simply invites; once tried, what still blocks it is explained.
  const blocked = tried && (block !== null || busy);
  const hintKey = !tried
    ? null
    : block === 'acceptJitsi'
      ? 'booking.errors.acceptJitsi'
      : block === 'formStdError'
        ? 'booking.errors.formStdError'
        : block === 'selectFiche'
          ? 'booking.errors.selectFiche'
          : null;

  return (
    <>
      <StepHeader step={STEP} lead={pro ? t('booking.fiche.proLead') : undefined} />
      <form
        className={styles.page}
        noValidate
        data-booking-form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        aria-busy={busy}
      >
        {group.apptemplates?.health_disclaimer && (
          <div className={`${parts.note} ${parts.noteWarning}`} data-testid="health-disclaimer">
            <Icon name="alert" />
            <Suspense fallback={null}>
              <LazyRichText text={group.apptemplates?.health_disclaimer} />
            </Suspense>
          </div>
        )}
        {group.apptemplates?.takerdv_text && (
          <div className={parts.note} data-testid="takerdv-text">
            <Icon name="info" />
            <Suspense fallback={null}>
              <LazyRichText text={group.apptemplates?.takerdv_text} />
            </Suspense>
          </div>
        )}

        {pro && !editing && (
          <ProFicheSearch
            groupId={group.id}
            selected={proFiche}
            creating={choice === 'new' && proFiche === null}
            onSelect={(fiche) => {
              setProFiche(fiche);
              setDraft({ ficheChoice: fiche.id });
            }}
            onCreate={() => {
              setProFiche(null);
              setDraft({ ficheChoice: 'new' });
            }}
          />
        )}

        <section className={styles.card} aria-labelledby={`${headingId}-who`}>
          <h2 id={`${headingId}-who`} className={styles.sectionTitle}>
            {pro ? t('booking.fiche.customer') : t('booking.fiche.who')}
          </h2>
          {editing ? (
            <p className={styles.fixedPerson} data-testid="editing-person">
              <Icon name="user" size={20} />
              {editingPerson
                ? `${editingPerson.firstname} ${editingPerson.lastname}`
                : t('booking.fiche.samePerson')}
            </p>
          ) : role === 'user' ? (
            fiches.isPending ? (
              <Spinner small label={t('booking.loading.fiches')} />
            ) : (
              <FicheAccordion
                saved={saved}
                choice={choice}
                newOffered={newOffered}
                idPrefix={headingId}
                savedFields={savedFields}
                savedForm={savedForm}
                newFields={newFields}
                newForm={newForm}
                locale={locale}
              />
            )
          ) : pro ? (
            proFiche ? (
              <DynamicForm fields={savedFields} form={savedForm} locale={locale} testIdPrefix="fiche" />
            ) : choice === 'new' ? (
              <DynamicForm fields={newFields} form={newForm} locale={locale} testIdPrefix="fiche" />
            ) : (
              <p className={styles.hint}>{t('booking.fiche.searchFirst')}</p>
            )
          ) : (
            <DynamicForm fields={newFields} form={newForm} locale={locale} testIdPrefix="fiche" />
          )}
        </section>

        <AppointmentAbout
          idPrefix={headingId}
          veventFields={veventFields}
          veventForm={veventForm}
          withComment={withComment}
          comment={draft.comment}
          locale={locale}
        />

        {videoconference && (
          <VideoTerms
            accepted={draft.termsAccepted}
            onChange={(termsAccepted) => setDraft({ termsAccepted })}
            showError={tried}
          />
        )}

        {failure && (
          <div className={styles.failure} role="alert" data-testid="booking-error">
            <Icon name="alert" />
            <div>
              <p>{t(failure.key, failure.values)}</p>
              {failure.logout && (
                <Button variant="secondary" size="s" onClick={() => openPopup({ kind: 'logout' })}>
                  {t('booking.fiche.logout')}
                </Button>
              )}
            </div>
          </div>
        )}

        <div className={styles.submitRow}>
          <Button
            type="submit"
            block
            aria-disabled={blocked ? true : undefined}
            aria-describedby={hintKey ? `${headingId}-hint` : undefined}
            data-testid="book-submit"
          >
            {busy ? (
              <>
                <span className={styles.buttonSpinner} aria-hidden="true" />
                {editing ? t('booking.loading.appointmentPut') : t('booking.loading.appointmentPost')}
              </>
            ) : editing ? (
              t('booking.fiche.submitChange')
            ) : pro ? (
              t('booking.fiche.submitPro')
            ) : (
              t('booking.fiche.submit')
            )}
          </Button>
          {hintKey && (
            <p id={`${headingId}-hint`} className={styles.submitHint} tabIndex={-1} data-testid="submit-hint">
              {t(hintKey)}
            </p>
          )}
        </div>

        <p className={styles.gdpr} data-testid="gdpr">
          {t('booking.gdpr', { name: group.name })}{' '}
          <Link to={{ pathname: groupPath(group.urlname, 'personal_data') }}>{t('booking.gdprLink')}</Link>
        </p>
      </form>
    </>
  );
}
