/**
 * Step "fiche_info" — contact details (docs/requirements/accounts-and-appointments.md §2 fiche step, §4 Booking details, §5, §6, §8):
 * - a visitor fills a new fiche; a customer picks one of their saved fiches in an accordion (a new
 *   one while under 8 and not changing an appointment); a professional searches the group's records
 *   or creates one; every form is the group's, checked live by the shared validators;
 * - the comment field (when the group allows it, its vevent form has none and a customer books),
 *   the video-conference terms, the extra appointment information (vevent) and the GDPR text;
 * - submit books (or changes the appointment being edited) with one Idempotency-Key per attempt;
 *   a taken slot brings fresh slots, other refusals are explained in the visitor's language;
 * - leaving with unsaved input asks first (beforeunload), except for professionals.
 */
import type { FormField } from '@creneau/core/group-config/group-config.schema';
import { COMMENT_ROWS, showCommentField, visibleFields } from '@creneau/core/validation/hidden-fields';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { createAppointment } from '../../../api/appointment-create.ts';
import { updateAppointment } from '../../../api/appointment-update.ts';
import type { ApiError } from '../../../api/client.ts';
import { updateFiche } from '../../../api/fiche-update.ts';
import { type Fiche, useFiches } from '../../../api/fiches.ts';
import { ANONYMOUS_SESSION, currentSessionQuery } from '../../../api/session-current.ts';
import { setSessionToken, useSessionToken } from '../../../api/session-token.ts';
import { announceBooking } from '../../../app/announce-booking.ts';
import { groupPath } from '../../../app/paths.ts';
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
import styles from '../fiche/fiche.module.css';
import {
  changedFields,
  ficheFormFields,
  ficheValues,
  offersNewFiche,
  submitBlock,
} from '../fiche/fiche-rules.ts';
import { ProFicheSearch } from '../fiche/ProFicheSearch.tsx';
import { VideoTerms } from '../fiche/VideoTerms.tsx';
import parts from '../parts/parts.module.css';
import { StepHeader } from '../parts/StepHeader.tsx';
import { bookingBody } from '../slot-request.ts';
import { useBooking } from '../use-booking.ts';
import { useCatalogue } from '../use-catalogue.ts';

const LazyRichText = lazy(() =>
  import('../parts/LazyRichText.tsx').then((m) => ({ default: m.LazyRichText })),
);

const STEP = 'fiche_info';
const BASE_NAMES = ['firstname', 'lastname', 'email', 'firstphone'];

export function FicheInfoPage() {
  const { t } = useTranslation();
  const booking = useBooking();
  const { group, session, selection, itemCalendars, sequence, locale, params, role, merge, startContext } =
    booking;
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const draft = useBookingStore((s) => s.draft);
  const confirmation = useBookingStore((s) => s.confirmation);
  const catalogue = useCatalogue(['services']);
  const editing = sequence.editing !== null;
  const pro = role === 'pro';
  const headingId = useId();
  const antsMode = group.profile?.ants_group;
  const hideMarketingSms = group.hide_marketing_sms || group.profile?.hide_marketing_sms;

  const definedFiche = group.forms?.fiche;
  const definedVevent = group.forms?.vevent;
  const label = useCallback(
    (fields: FormField[]) =>
      fields.map((f) =>
        BASE_NAMES.includes(f.name) && f.label === f.name
          ? { ...f, label: t(`booking.fiche.fields.${f.name}`) }
          : f,
      ),
    [t],
  );
  const allFicheFields = useMemo(() => label(ficheFormFields(definedFiche ?? [])), [definedFiche, label]);
  const visibility = useMemo(
    () => ({ form: 'fiche' as const, role, loginProfile: group.loginProfile, hideMarketingSms, antsMode }),
    [role, group.loginProfile, hideMarketingSms, antsMode],
  );
  const newFields = useMemo(
    () => visibleFields(allFicheFields, { ...visibility, ficheSelected: false }),
    [allFicheFields, visibility],
  );
  const savedFields = useMemo(
    () => visibleFields(allFicheFields, { ...visibility, ficheSelected: true }),
    [allFicheFields, visibility],
  );
  const veventFields = useMemo(
    () => visibleFields(definedVevent ?? [], { ...visibility, form: 'vevent', ficheSelected: false }),
    [definedVevent, visibility],
  );
  const withComment = showCommentField({
    userAllowComment: group.user_allow_comment,
    veventFields: definedVevent ?? [],
    role,
  });
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
  useEffect(() => {
    if (pro || !dirty || busy || confirmation) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pro, dirty, busy, confirmation]);

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
    let guestToken: string | null = null;
    try {
      let fiche: number | Record<string, unknown>;
      if (editing) {
        fiche = editingPerson?.id ?? (typeof choice === 'number' ? choice : 0);
      } else if (usingNew) {
        fiche = newForm.stored;
      } else {
        const current = chosenSaved!;
        if (changedFields(ficheValues(current, savedFields), savedValues, savedFields)) {
          await updateFiche(group.id, current.id, savedForm.stored);
        }
        fiche = current.id;
      }
      const vevent = veventForm.stored;
      if (editing) {
        const answer = await updateAppointment(group.id, sequence.editing!, {
          date: selection.slots,
          fiche: typeof fiche === 'number' && fiche > 0 ? fiche : undefined,
          comments: withComment
            ? draft.comment
            : typeof vevent.comments === 'string'
              ? vevent.comments
              : undefined,
        });
        const first = answer.records[0];
        setConfirmation({
          records: answer.records,
          summary: null,
          fiche: first?.fiche ?? { id: 0, firstname: '', lastname: '' },
          changed: true,
        });
      } else {
        const body = bookingBody(
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
        );
        const answer = await createAppointment(
          body,
          attemptKey(),
          !session.logged || session.account?.id === 0,
        );
        setConfirmation({
          records: answer.records,
          summary: answer.summary,
          fiche: answer.fiche,
          changed: false,
        });
        guestToken = answer.fiche_token;
        announceBooking(
          group,
          answer.records.map((r) => ({
            id: r.id,
            start: r.start,
            intervention_id: r.intervention_id,
            intervention_name: r.intervention_name,
            calendar_id: r.calendar_id,
          })),
        );
      }
      void queryClient.invalidateQueries({ queryKey: ['availabletimeslots', group.id] });
      void queryClient.invalidateQueries({ queryKey: ['fiches', group.id] });
      void queryClient.invalidateQueries({ queryKey: ['appointments', group.id] });
      booking.choice(STEP, (state) => ({ selection: state.selection }), catalogue.services);
      // A visitor without a session now has a guest one (docs/requirements/accounts-and-appointments.md §3): the confirmation's cancel
      // and calendar buttons use it. Known at once, so the page does not wait for the session check.
      if (guestToken && !(session.logged && session.type === 'pro')) {
        queryClient.setQueryData(currentSessionQuery(guestToken).queryKey, {
          ...ANONYMOUS_SESSION,
          logged: true,
          type: 'user',
          lastSignedAt: new Date().toISOString(),
          account: { id: 0, email: null, cancel_apt: 0, export_apt: 0 },
          fiche_token: guestToken,
        });
        setSessionToken(guestToken);
        void queryClient.invalidateQueries({ queryKey: currentSessionQuery(guestToken).queryKey });
      }
    } catch (error) {
      const found = bookingFailureOf(error, { logged: session.logged });
      // A refusal is final for this attempt: the next one gets a new key.
      if ((error as ApiError)?.status) useBookingStore.setState({ attemptKey: null });
      if (found.refreshSlots) {
        notify(t(found.key, found.values), { tone: 'error' });
        void queryClient.invalidateQueries({ queryKey: ['availabletimeslots', group.id] });
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
              <ul className={styles.accordion} data-testid="fiche-accordion">
                {saved.map((fiche) => {
                  const open = choice === fiche.id;
                  return (
                    <li key={fiche.id} className={styles.panel} data-open={open || undefined}>
                      <h3 className={styles.panelHeading}>
                        <button
                          type="button"
                          className={styles.panelButton}
                          aria-expanded={open}
                          aria-controls={`${headingId}-fiche-${fiche.id}`}
                          onClick={() => setDraft({ ficheChoice: open ? null : fiche.id })}
                          data-testid={`fiche-${fiche.id}`}
                        >
                          <span className={styles.radio} aria-hidden="true" />
                          <span className={styles.panelName}>
                            {fiche.firstname} {fiche.lastname}
                          </span>
                          <Icon name="chevronDown" size={18} className={open ? styles.flipped : undefined} />
                        </button>
                      </h3>
                      <div id={`${headingId}-fiche-${fiche.id}`} hidden={!open} className={styles.panelBody}>
                        {open && (
                          <DynamicForm
                            fields={savedFields}
                            form={savedForm}
                            locale={locale}
                            testIdPrefix="fiche"
                          />
                        )}
                      </div>
                    </li>
                  );
                })}
                {newOffered && (
                  <li className={styles.panel} data-open={choice === 'new' || undefined}>
                    <h3 className={styles.panelHeading}>
                      <button
                        type="button"
                        className={styles.panelButton}
                        aria-expanded={choice === 'new'}
                        aria-controls={`${headingId}-fiche-new`}
                        onClick={() => setDraft({ ficheChoice: choice === 'new' ? null : 'new' })}
                        data-testid="fiche-new"
                      >
                        <span className={styles.radio} aria-hidden="true" />
                        <span className={styles.panelName}>{t('booking.fiche.someoneElse')}</span>
                        <Icon
                          name="chevronDown"
                          size={18}
                          className={choice === 'new' ? styles.flipped : undefined}
                        />
                      </button>
                    </h3>
                    <div id={`${headingId}-fiche-new`} hidden={choice !== 'new'} className={styles.panelBody}>
                      {choice === 'new' && (
                        <DynamicForm fields={newFields} form={newForm} locale={locale} testIdPrefix="fiche" />
                      )}
                    </div>
                  </li>
                )}
              </ul>
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

        {(veventFields.length > 0 || withComment) && (
          <section className={styles.card} aria-labelledby={`${headingId}-about`}>
            <h2 id={`${headingId}-about`} className={styles.sectionTitle}>
              {t('booking.fiche.about')}
            </h2>
            {veventFields.length > 0 && (
              <DynamicForm fields={veventFields} form={veventForm} locale={locale} testIdPrefix="vevent" />
            )}
            {withComment && (
              <div className={styles.comment}>
                <label htmlFor={`${headingId}-comment`} className={styles.label}>
                  {t('booking.fiche.comment')}
                  <span className={styles.optional}>{` (${t('booking.form.optional')})`}</span>
                </label>
                <textarea
                  id={`${headingId}-comment`}
                  className={styles.textarea}
                  rows={COMMENT_ROWS.min}
                  maxLength={2000}
                  value={draft.comment}
                  onChange={(event) => setDraft({ comment: event.target.value })}
                  style={{ maxHeight: `calc(${COMMENT_ROWS.max} * 1.5em + 26px)` }}
                  data-testid="comment"
                />
              </div>
            )}
          </section>
        )}

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
