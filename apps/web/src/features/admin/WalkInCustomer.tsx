/**
 * Who a booking from the agenda is for (docs/back-office.md "Booking from the agenda"): an existing
 * customer, searched by name, e-mail or phone, or a new one with the fields the group's record
 * form requires.
 */
import { usePart } from '../../i18n/i18n.ts';
import forms from '../../ui/forms/forms.module.css';
import { CustomerPicker } from './CustomerPicker.tsx';
import { useRefusalText } from './refusal-text.ts';
import type { useWalkInForm } from './use-walkin-form.ts';
import { WalkInFieldError } from './WalkInFieldError.tsx';
import styles from './walkin.module.css';

type WalkInForm = ReturnType<typeof useWalkInForm>;
type PersonField = 'firstname' | 'lastname' | 'email' | 'phone';

interface WalkInCustomerProps {
  groupId: number;
  token: string | null;
  form: Pick<
    WalkInForm,
    'id' | 'draft' | 'change' | 'changePerson' | 'requiredContact' | 'fields' | 'clearRefusals'
  >;
}

export function WalkInCustomer({ groupId, token, form }: WalkInCustomerProps) {
  const { t } = usePart('admin');
  const refusalText = useRefusalText();
  const { id, draft, change, requiredContact, fields } = form;
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('admin.walkin.customer')}</legend>
      <div className={styles.segmented} role="radiogroup" aria-label={t('admin.walkin.customerKind')}>
        {(['new', 'existing'] as const).map((option) => (
          <label key={option} className={styles.segment}>
            <input
              type="radio"
              name={`${id}-mode`}
              value={option}
              checked={draft.mode === option}
              onChange={() => {
                change({ mode: option });
                form.clearRefusals();
              }}
              data-testid={`walkin-mode-${option}`}
            />
            <span>{t(`admin.walkin.${option === 'new' ? 'newCustomer' : 'existingCustomer'}`)}</span>
          </label>
        ))}
      </div>
      {draft.mode === 'existing' ? (
        <CustomerPicker
          groupId={groupId}
          token={token}
          inputId={fields.id('customer')}
          picked={draft.picked}
          onPick={(picked) => change({ picked })}
          error={refusalText(fields.errorOf('customer'))}
        />
      ) : (
        <div className={styles.row}>
          <PersonInput form={form} field="firstname" label={t('admin.walkin.firstname')} required={true} />
          <PersonInput form={form} field="lastname" label={t('admin.walkin.lastname')} required={true} />
          <PersonInput
            form={form}
            field="email"
            label={t('admin.walkin.email')}
            required={requiredContact.email}
          />
          <PersonInput
            form={form}
            field="phone"
            label={t('admin.walkin.phone')}
            required={requiredContact.phone}
          />
        </div>
      )}
    </fieldset>
  );
}

interface PersonInputProps {
  form: Pick<WalkInForm, 'draft' | 'changePerson' | 'fields'>;
  field: PersonField;
  label: string;
  required: boolean;
}

/** One of a new customer's fields, marked required or optional. */
function PersonInput({ form, field, label, required }: PersonInputProps) {
  const { t } = usePart('admin');
  const { draft, changePerson, fields } = form;
  return (
    <div className={forms.field}>
      <label className={forms.label} htmlFor={fields.id(field)}>
        {label}
        {required ? (
          <span className={forms.required} aria-hidden="true">
            {' *'}
          </span>
        ) : (
          <span className={forms.optional}>{` (${t('booking.form.optional')})`}</span>
        )}
      </label>
      <input
        id={fields.id(field)}
        className={forms.input}
        type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
        autoComplete="off"
        required={required}
        maxLength={field === 'email' ? 254 : field === 'phone' ? 30 : 100}
        value={draft.person[field]}
        aria-invalid={fields.errorOf(field) ? true : undefined}
        aria-describedby={fields.describedBy(field)}
        onChange={(event) => changePerson(field, event.target.value)}
        data-testid={`walkin-${field}`}
      />
      <WalkInFieldError fields={fields} field={field} />
    </div>
  );
}
