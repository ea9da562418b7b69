/**
 * A customer's saved records as an accordion, plus "someone else" for a new record while one may
 * be added (docs/requirements/accounts-and-appointments.md §2 "Contact-details step"). The open
 * panel is the booking's person; closing every panel leaves none chosen.
 */
import type { FormField } from '@creneau/core/group-config/group-config.schema';
import type { Locale } from '@creneau/core/locales';
import type { ReactNode } from 'react';
import type { Fiche } from '../../../api/fiches.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { DynamicForm } from '../../../ui/forms/DynamicForm.tsx';
import type { DynamicFormState } from '../../../ui/forms/use-dynamic-form.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { setDraft } from '../booking-store.ts';
import styles from './fiche.module.css';

interface FicheAccordionProps {
  saved: readonly Fiche[];
  /** The open panel: a saved record's id, 'new', or none. */
  choice: number | 'new' | null;
  newOffered: boolean;
  idPrefix: string;
  savedFields: FormField[];
  savedForm: DynamicFormState;
  newFields: FormField[];
  newForm: DynamicFormState;
  locale: Locale;
}

export function FicheAccordion(props: FicheAccordionProps) {
  const { t } = useTranslation();
  const { saved, choice, idPrefix, locale } = props;
  return (
    <ul className={styles.accordion} data-testid="fiche-accordion">
      {saved.map((fiche) => (
        <FichePanel
          key={fiche.id}
          id={`${idPrefix}-fiche-${fiche.id}`}
          testId={`fiche-${fiche.id}`}
          open={choice === fiche.id}
          onToggle={() => setDraft({ ficheChoice: choice === fiche.id ? null : fiche.id })}
          name={`${fiche.firstname} ${fiche.lastname}`}
        >
          <DynamicForm
            fields={props.savedFields}
            form={props.savedForm}
            locale={locale}
            testIdPrefix="fiche"
          />
        </FichePanel>
      ))}
      {props.newOffered && (
        <FichePanel
          id={`${idPrefix}-fiche-new`}
          testId="fiche-new"
          open={choice === 'new'}
          onToggle={() => setDraft({ ficheChoice: choice === 'new' ? null : 'new' })}
          name={t('booking.fiche.someoneElse')}
        >
          <DynamicForm fields={props.newFields} form={props.newForm} locale={locale} testIdPrefix="fiche" />
        </FichePanel>
      )}
    </ul>
  );
}

/** One panel: a heading button that opens it (a radio look: one person at a time) and its form. */
function FichePanel(props: {
  id: string;
  testId: string;
  open: boolean;
  onToggle: () => void;
  name: string;
  children: ReactNode;
}) {
  const { id, open } = props;
  return (
    <li className={styles.panel} data-open={open || undefined}>
      <h3 className={styles.panelHeading}>
        <button
          type="button"
          className={styles.panelButton}
          aria-expanded={open}
          aria-controls={id}
          onClick={props.onToggle}
          data-testid={props.testId}
        >
          <span className={styles.radio} aria-hidden="true" />
          <span className={styles.panelName}>{props.name}</span>
          <Icon name="chevronDown" size={18} className={open ? styles.flipped : undefined} />
        </button>
      </h3>
      <div id={id} hidden={!open} className={styles.panelBody}>
        {open && props.children}
      </div>
    </li>
  );
}
