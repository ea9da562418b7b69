/**
 * The booking sequence form (docs/group-configuration.md "The booking sequence"): the steps
 * customers go through, turned on or off and moved up or down, and per step "pick the only choice",
 * "no preference" and the services per booking; then the languages the pages offer, which the
 * business details edit. The browser checks the services per booking (sequence-draft.ts); the
 * server checks everything again and its problems come back on their step.
 */
import { useId, useMemo } from 'react';
import { useGroupLink } from '../../../app/paths.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { Link } from '../../../routing/routing.ts';
import forms from '../../../ui/forms/forms.module.css';
import { type EditorFormProps, SaveBar } from './ConfigurationEditor.tsx';
import own from './rules.module.css';
import { SequenceStep } from './SequenceStep.tsx';
import {
  documentWith,
  draftOf,
  localProblems,
  moveStep,
  type SequenceDraft,
  type SequenceField,
  type StepDraft,
  sortProblems,
} from './sequence-draft.ts';
import styles from './settings.module.css';
import { useEditorForm } from './use-editor-form.ts';

export function SequenceForm(props: EditorFormProps) {
  const { document } = props;
  const { t, i18n } = usePart('admin');
  const link = useGroupLink();
  const id = useId();
  const form = useEditorForm(props, 'whileMarked', {
    draftOf,
    documentWith,
    localProblems,
    sortProblems: (problems, _sent, draft) => sortProblems(draft, problems),
  });
  const { draft, setDraft, register, focusNext, invalid: problems } = form;
  const languages = useMemo(() => {
    const settings = (document.settings ?? {}) as { enabled_locales?: unknown };
    const codes = Array.isArray(settings.enabled_locales) ? settings.enabled_locales : [];
    const names = new Intl.DisplayNames([i18n.language], { type: 'language' });
    return codes
      .filter((code): code is string => typeof code === 'string')
      .map((code) => {
        const name = names.of(code) ?? code;
        return name.charAt(0).toLocaleUpperCase(i18n.language) + name.slice(1);
      });
  }, [document, i18n.language]);

  const edit = (next: SequenceDraft, cleared?: SequenceField) => {
    form.edited();
    setDraft(next);
    if (cleared) form.fixed(cleared);
  };
  const change = (name: StepDraft['name'], update: Partial<StepDraft>, field: SequenceField) =>
    edit(
      draft.map((step) => (step.name === name ? { ...step, ...update } : step)),
      field,
    );
  const move = (index: number, delta: -1 | 1) => {
    const step = draft[index];
    if (!step) return;
    edit(moveStep(draft, index, delta));
    focusNext.current = `${step.name}:${delta < 0 ? 'up' : 'down'}`;
  };
  let number = 0;

  return (
    <form
      className={`${styles.panel} ${forms.dense}`}
      onSubmit={form.submit}
      noValidate
      data-testid="sequence-form"
    >
      <p className={styles.hint}>{t('admin.settings.sequence.intro')}</p>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('admin.settings.sequence.steps')}</legend>
        <ol className={own.steps} aria-label={t('admin.settings.sequence.steps')}>
          {draft.map((step, index) => (
            <SequenceStep
              key={step.name}
              id={`${id}-${step.name}`}
              step={step}
              number={step.on ? ++number : null}
              first={index === 0}
              last={index === draft.length - 1}
              problems={problems}
              onChange={(update, field) => change(step.name, update, field)}
              onMove={(delta) => move(index, delta)}
              register={register}
            />
          ))}
        </ol>
        <p className={own.help}>{t('admin.settings.sequence.always')}</p>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('admin.settings.sequence.languages')}</legend>
        <p className={own.help}>{t('admin.settings.sequence.languagesHelp')}</p>
        <p data-testid="sequence-languages">
          {new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(languages)}
        </p>
        <p>
          <Link to={link('admin/settings')} data-testid="sequence-languages-link">
            {t('admin.settings.sequence.languagesLink')}
          </Link>
        </p>
      </fieldset>

      <SaveBar {...form.saveBar} />
    </form>
  );
}
