/** The pieces every field of a dynamic form shares: its label, its error message, its text value, its autocomplete token. */
import type { FieldError } from '@creneau/core/validation/field-errors';
import { useTranslation } from '../../i18n/i18n.ts';
import { Icon } from '../Icon.tsx';
import styles from './forms.module.css';

/** The translated message of a validation failure. */
export function FieldErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className={styles.error} data-testid={`${id}`}>
      <Icon name="alert" size={16} />
      <span>{t(`booking.fieldErrors.${error.message}`)}</span>
    </p>
  );
}

export function Label({
  htmlFor,
  text,
  required,
  id,
}: {
  htmlFor?: string;
  text: string;
  required: boolean;
  id?: string;
}) {
  const { t } = useTranslation();
  const content = (
    <>
      {text}
      {required ? (
        <span className={styles.required} aria-hidden="true">
          {' *'}
        </span>
      ) : (
        <span className={styles.optional}>{` (${t('booking.form.optional')})`}</span>
      )}
    </>
  );
  return htmlFor ? (
    <label className={styles.label} htmlFor={htmlFor} id={id}>
      {content}
    </label>
  ) : (
    <span className={styles.label} id={id}>
      {content}
    </span>
  );
}

export const asText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** Autocomplete tokens for the usual person fields. */
export const AUTOCOMPLETE: Record<string, string> = {
  firstname: 'given-name',
  lastname: 'family-name',
  email: 'email',
  firstphone: 'tel',
  phone: 'tel',
  birthdate: 'bday',
  zipcode: 'postal-code',
  city: 'address-level2',
  address: 'street-address',
};
