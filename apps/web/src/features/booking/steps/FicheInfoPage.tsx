/**
 * Step "fiche_info" — the contact details (docs/requirements/accounts-and-appointments.md §2
 * "Contact-details step"): the group's notes (fiche/FicheNotes), for professionals the search for
 * the customer (fiche/ProFicheSearch), who the appointment is for (fiche/FichePerson), the
 * appointment's own fields and comment (fiche/AppointmentAbout), the video terms, and the submit
 * (fiche/use-fiche-submit); the forms' state is fiche/use-fiche-forms. Unsaved input asks before
 * leaving.
 */
import { useId } from 'react';
import { groupPath } from '../../../app/paths.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useLeaveWarning } from '../../../lib/use-leave-warning.ts';
import { Link } from '../../../routing/routing.ts';
import { setDraft, useBookingStore } from '../booking-store.ts';
import { chosenItems } from '../catalogue-filters.ts';
import { AppointmentAbout } from '../fiche/AppointmentAbout.tsx';
import { FicheFailure } from '../fiche/FicheFailure.tsx';
import { FicheNotes } from '../fiche/FicheNotes.tsx';
import { FichePerson } from '../fiche/FichePerson.tsx';
import { FicheSubmitRow } from '../fiche/FicheSubmitRow.tsx';
import styles from '../fiche/fiche.module.css';
import { ProFicheSearch } from '../fiche/ProFicheSearch.tsx';
import { SlotTaken } from '../fiche/SlotTaken.tsx';
import { useFicheForms } from '../fiche/use-fiche-forms.ts';
import { useFicheSubmit } from '../fiche/use-fiche-submit.ts';
import { VideoTerms } from '../fiche/VideoTerms.tsx';
import { StepHeader } from '../parts/StepHeader.tsx';
import { useBooking } from '../use-booking.ts';
import { useCatalogue } from '../use-catalogue.ts';

const STEP = 'fiche_info';

export function FicheInfoPage() {
  const { t } = useTranslation();
  const booking = useBooking();
  const { group, selection, sequence, locale, role } = booking;
  const draft = useBookingStore((s) => s.draft);
  const confirmation = useBookingStore((s) => s.confirmation);
  const catalogue = useCatalogue(['services']);
  const editing = sequence.editing !== null;
  const pro = role === 'pro';
  const headingId = useId();

  const items = chosenItems(selection.intervention_ids, catalogue.services);
  const videoconference = items.some((i) => i.videoconference);
  const forms = useFicheForms(booking);
  const { proFiche, setProFiche, choice } = forms;
  const { veventFields, withComment } = forms.fields;
  const { submit, showFreshSlots, tried, busy, failure, blocked, hintKey } = useFicheSubmit({
    booking,
    forms,
    services: catalogue.services,
    videoconference,
    idPrefix: headingId,
  });

  // Unsaved input: ask before leaving (docs/requirements/accounts-and-appointments.md §4), not for professionals.
  const dirty =
    Object.keys(draft.fiche).length > 0 ||
    Object.keys(draft.vevent).length > 0 ||
    draft.comment.trim() !== '';
  useLeaveWarning(!pro && dirty && !busy && !confirmation);

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
        <FicheNotes templates={group.apptemplates} />

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

        <FichePerson idPrefix={headingId} role={role} editing={editing} forms={forms} locale={locale} />

        <AppointmentAbout
          idPrefix={headingId}
          veventFields={veventFields}
          veventForm={forms.veventForm}
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

        {failure?.nextSlots ? (
          <SlotTaken
            slots={failure.nextSlots}
            locale={locale}
            busy={busy}
            onPick={(slot) => void submit(slot)}
            onShowAll={showFreshSlots}
          />
        ) : (
          failure && <FicheFailure failure={failure} />
        )}

        <FicheSubmitRow
          idPrefix={headingId}
          editing={editing}
          pro={pro}
          busy={busy}
          blocked={blocked}
          hintKey={hintKey}
        />

        <p className={styles.gdpr} data-testid="gdpr">
          {t('booking.gdpr', { name: group.name })}{' '}
          <Link to={{ pathname: groupPath(group.urlname, 'personal_data') }}>{t('booking.gdprLink')}</Link>
        </p>
      </form>
    </>
  );
}
