/**
 * "Who is it for" (docs/requirements/accounts-and-appointments.md §2 "Contact-details step"): the
 * fixed person of the appointment being changed; a customer's saved records as an accordion; for a
 * professional the record found or being created; a guest's new record.
 */

import type { Locale } from '@creneau/core/locales';
import type { Role } from '@creneau/core/validation/hidden-fields';
import { useTranslation } from '../../../i18n/i18n.ts';
import { DynamicForm } from '../../../ui/forms/DynamicForm.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { FicheAccordion } from './FicheAccordion.tsx';
import styles from './fiche.module.css';
import type { FicheForms } from './use-fiche-forms.ts';

interface FichePersonProps {
  idPrefix: string;
  role: Role;
  editing: boolean;
  forms: FicheForms;
  locale: Locale;
}

export function FichePerson({ idPrefix, role, editing, forms, locale }: FichePersonProps) {
  const { t } = useTranslation();
  const pro = role === 'pro';
  const { newFields, savedFields } = forms.fields;
  const { newForm, savedForm, choice, editingPerson } = forms;
  return (
    <section className={styles.card} aria-labelledby={`${idPrefix}-who`}>
      <h2 id={`${idPrefix}-who`} className={styles.sectionTitle}>
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
        forms.fichesPending ? (
          <Spinner small label={t('booking.loading.fiches')} />
        ) : (
          <FicheAccordion
            saved={forms.saved}
            choice={choice}
            newOffered={forms.newOffered}
            idPrefix={idPrefix}
            savedFields={savedFields}
            savedForm={savedForm}
            newFields={newFields}
            newForm={newForm}
            locale={locale}
          />
        )
      ) : pro ? (
        forms.proFiche ? (
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
  );
}
