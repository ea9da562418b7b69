/** One address of the notices form, with its remove button and its error (docs/back-office.md "Notices to the business"). */
import { usePart } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import styles from './notices.module.css';

interface RecipientRowProps {
  /** The form's id, which the row's ids start with. */
  formId: string;
  index: number;
  value: string;
  /** The key of the row's error under admin.notices.errors. */
  error: string | undefined;
  /** Whether the remove button shows: not on a lone empty row. */
  removable: boolean;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (value: string) => void;
  onRemove: () => void;
}

export function RecipientRow({
  formId,
  index,
  value,
  error,
  removable,
  inputRef,
  onChange,
  onRemove,
}: RecipientRowProps) {
  const { t } = usePart('admin');
  const inputId = `${formId}-email-${index}`;
  const errorId = `${inputId}-error`;
  return (
    <li className={styles.row}>
      <label className={forms.label} htmlFor={inputId}>
        {t('admin.notices.email', { n: index + 1 })}
      </label>
      <div className={styles.inputLine}>
        <input
          id={inputId}
          ref={inputRef}
          type="email"
          autoComplete="off"
          inputMode="email"
          className={forms.input}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : `${formId}-hint`}
          onChange={(event) => onChange(event.target.value)}
          data-testid="notice-email"
        />
        {removable && (
          <Button
            variant="ghost"
            iconOnly
            aria-label={t('admin.notices.remove', { n: index + 1 })}
            onClick={onRemove}
            data-testid="notice-remove"
          >
            <Icon name="close" />
          </Button>
        )}
      </div>
      {error && (
        <p id={errorId} className={forms.error} data-testid="notice-email-error">
          <Icon name="alert" size={16} />
          <span>{t(`admin.notices.errors.${error}`)}</span>
        </p>
      )}
    </li>
  );
}
