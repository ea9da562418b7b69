/**
 * One colour of the theme form: a swatch that opens the system's colour picker and the colour as
 * text (#RRGGBB, #RGB, with or without #), which keyboard users type; either one updates the other.
 * Empty means the default, which the hint names.
 */
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { FieldProblem } from './FieldProblem.tsx';
import settings from './settings.module.css';
import styles from './theme.module.css';
import { type ColourField, colourOf, defaultColour } from './theme-draft.ts';

export function ColourInput({
  id,
  name,
  value,
  invalid,
  onChange,
  inputRef,
}: {
  id: string;
  name: ColourField;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
  inputRef: (element: HTMLInputElement | null) => void;
}) {
  const { t } = usePart('admin');
  const label = t(`admin.settings.theme.colours.${name}`);
  const shown = colourOf(value) ?? defaultColour(name);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={forms.field}>
      <label className={forms.label} htmlFor={id}>
        {label}
      </label>
      <p id={hintId} className={settings.hint}>
        {t(`admin.settings.theme.hints.${name}`)}{' '}
        {t('admin.settings.theme.colours.default', { colour: defaultColour(name) })}
      </p>
      <div className={styles.colourRow}>
        <input
          type="color"
          className={styles.swatch}
          value={shown.toLowerCase()}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          aria-label={t('admin.settings.theme.colours.pick', { name: label })}
          data-testid={`theme-${name}-swatch`}
        />
        <input
          id={id}
          ref={inputRef}
          className={`${forms.input} ${styles.colourText}`}
          type="text"
          value={value}
          placeholder={defaultColour(name)}
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
          data-testid={`theme-${name}`}
        />
      </div>
      {invalid && (
        <FieldProblem id={errorId} testId={`theme-${name}-error`}>
          {t('admin.settings.theme.errors.colour')}
        </FieldProblem>
      )}
    </div>
  );
}
