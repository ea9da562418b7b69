/**
 * The theme form (docs/group-configuration.md "Display" and "Tracking"): the group's colours with
 * a live preview of the booking page and a warning for each pair under WCAG AA, its logo (uploaded
 * at once, docs/back-office.md "Images"), and its tracking tools' identifiers; saved as the whole
 * document with `based_on` the version read. The browser checks the colours and identifiers; the
 * server checks everything again and its problems come back on their fields (theme-draft.ts).
 */
import { useId, useMemo } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import forms from '../../../ui/forms/forms.module.css';
import { ColourInput } from './ColourInput.tsx';
import { type EditorFormProps, SaveBar } from './ConfigurationEditor.tsx';
import { FieldProblem } from './FieldProblem.tsx';
import { LogoField } from './LogoField.tsx';
import settings from './settings.module.css';
import { ThemePreview } from './ThemePreview.tsx';
import styles from './theme.module.css';
import {
  COLOUR_NAMES,
  type ColourField,
  documentWith,
  draftOf,
  localProblems,
  sortProblems,
  type ThemeDraft,
  type ThemeField,
  TRACKING_TYPES,
  themeOf,
} from './theme-draft.ts';
import { useEditorForm } from './use-editor-form.ts';

type IdField = 'gtm' | 'ga' | 'pixel';
const ID_PLACEHOLDERS: Record<IdField, string> = {
  gtm: 'GTM-AB12CD3',
  ga: 'G-AB12CD34EF',
  pixel: '123456789012',
};

export function ThemeForm(props: EditorFormProps) {
  const { document } = props;
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const id = useId();
  // After a first save attempt the browser's own problems show live; the server's stay till edited.
  const form = useEditorForm(props, 'live', { draftOf, documentWith, localProblems, sortProblems });
  const { draft, setDraft, register, invalid } = form;
  const theme = useMemo(() => themeOf(document, draft), [document, draft]);

  const edit = (field: ThemeField, update: (current: ThemeDraft) => ThemeDraft) => {
    form.edited();
    setDraft(update);
    form.fixed(field);
  };
  const setColour = (name: ColourField, value: string) =>
    edit(name, (current) => ({ ...current, colours: { ...current.colours, [name]: value } }));

  const idField = (name: IdField) => {
    const bad = invalid.includes(name);
    return (
      <div className={forms.field}>
        <label className={forms.label} htmlFor={`${id}-${name}`}>
          {t(`admin.settings.theme.tracking.${name}`)}
        </label>
        <input
          id={`${id}-${name}`}
          ref={register(name)}
          className={forms.input}
          type="text"
          inputMode={name === 'pixel' ? 'numeric' : 'text'}
          autoComplete="off"
          spellCheck={false}
          placeholder={ID_PLACEHOLDERS[name]}
          value={draft[name]}
          onChange={(event) => edit(name, (current) => ({ ...current, [name]: event.target.value }))}
          aria-invalid={bad || undefined}
          aria-describedby={bad ? `${id}-${name}-error` : undefined}
          data-testid={`theme-${name}`}
        />
        {bad && (
          <FieldProblem id={`${id}-${name}-error`}>
            {t(`admin.settings.theme.errors.${name}`, { example: ID_PLACEHOLDERS[name] })}
          </FieldProblem>
        )}
      </div>
    );
  };

  return (
    <form
      className={`${settings.panel} ${forms.dense}`}
      onSubmit={form.submit}
      noValidate
      data-testid="theme-form"
    >
      <p className={settings.hint}>{t('admin.settings.theme.intro')}</p>
      <div className={styles.layout}>
        <div className={styles.fields}>
          <fieldset className={settings.fieldset}>
            <legend className={settings.legend}>{t('admin.settings.theme.colours.legend')}</legend>
            {COLOUR_NAMES.map((name) => (
              <ColourInput
                key={name}
                id={`${id}-${name}`}
                name={name}
                value={draft.colours[name]}
                invalid={invalid.includes(name)}
                onChange={(value) => setColour(name, value)}
                inputRef={register(name)}
              />
            ))}
          </fieldset>
          <LogoField
            groupId={group.id}
            logoUrl={draft.logoUrl}
            invalid={invalid.includes('logo')}
            onChange={(url) => edit('logo', (current) => ({ ...current, logoUrl: url }))}
          />
        </div>
        <ThemePreview theme={theme} name={String(document.name ?? group.name)} logoUrl={draft.logoUrl} />
      </div>

      <fieldset className={settings.fieldset}>
        <legend className={settings.legend}>{t('admin.settings.theme.tracking.legend')}</legend>
        <p className={settings.hint}>{t('admin.settings.theme.tracking.hint')}</p>
        <div className={`${settings.grid} ${settings.pairs}`}>
          {idField('gtm')}
          {idField('ga')}
          {idField('pixel')}
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-trackingType`}>
              {t('admin.settings.theme.tracking.type')}
            </label>
            <select
              id={`${id}-trackingType`}
              ref={register('trackingType')}
              className={forms.input}
              value={draft.trackingType}
              onChange={(event) =>
                edit('trackingType', (current) => ({
                  ...current,
                  trackingType: event.target.value as ThemeDraft['trackingType'],
                }))
              }
              data-testid="theme-trackingType"
            >
              {TRACKING_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`admin.settings.theme.tracking.types.${type}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>

      <SaveBar {...form.saveBar} />
    </form>
  );
}
