/**
 * "About the appointment": the group's appointment form (vevent) and, when offered, the free
 * comment (docs/requirements/accounts-and-appointments.md §2 "Contact-details step", §5 "Comment").
 */
import type { FormField } from '@creneau/core/group-config/group-config.schema';
import type { Locale } from '@creneau/core/locales';
import { COMMENT_ROWS } from '@creneau/core/validation/hidden-fields';
import { useTranslation } from '../../../i18n/i18n.ts';
import { DynamicForm } from '../../../ui/forms/DynamicForm.tsx';
import type { DynamicFormState } from '../../../ui/forms/use-dynamic-form.ts';
import { setDraft } from '../booking-store.ts';
import styles from './fiche.module.css';

interface AppointmentAboutProps {
  idPrefix: string;
  veventFields: FormField[];
  veventForm: DynamicFormState;
  withComment: boolean;
  comment: string;
  locale: Locale;
}

export function AppointmentAbout(props: AppointmentAboutProps) {
  const { t } = useTranslation();
  const { idPrefix, veventFields, withComment } = props;
  if (veventFields.length === 0 && !withComment) return null;
  return (
    <section className={styles.card} aria-labelledby={`${idPrefix}-about`}>
      <h2 id={`${idPrefix}-about`} className={styles.sectionTitle}>
        {t('booking.fiche.about')}
      </h2>
      {veventFields.length > 0 && (
        <DynamicForm
          fields={veventFields}
          form={props.veventForm}
          locale={props.locale}
          testIdPrefix="vevent"
        />
      )}
      {withComment && (
        <div className={styles.comment}>
          <label htmlFor={`${idPrefix}-comment`} className={styles.label}>
            {t('booking.fiche.comment')}
            <span className={styles.optional}>{` (${t('booking.form.optional')})`}</span>
          </label>
          <textarea
            id={`${idPrefix}-comment`}
            className={styles.textarea}
            rows={COMMENT_ROWS.min}
            maxLength={2000}
            value={props.comment}
            onChange={(event) => setDraft({ comment: event.target.value })}
            style={{ maxHeight: `calc(${COMMENT_ROWS.max} * 1.5em + 26px)` }}
            data-testid="comment"
          />
        </div>
      )}
    </section>
  );
}
