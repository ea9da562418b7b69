/**
 * One step of the booking sequence form: its number when customers see it, its name and what it
 * asks, on or off (the services step is always asked), moved up or down, and its own options.
 */
import { usePart } from '../../../i18n/i18n.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { described, Field, Toggle } from './RuleControls.tsx';
import own from './rules.module.css';
import {
  ALWAYS_STEP,
  ANY_STEPS,
  MAX_SERVICES,
  type SequenceField,
  type StepDraft,
} from './sequence-draft.ts';

export function SequenceStep({
  id,
  step,
  number,
  first,
  last,
  problems,
  onChange,
  onMove,
  register,
}: {
  id: string;
  step: StepDraft;
  /** Its place among the steps turned on; null when off. */
  number: number | null;
  first: boolean;
  last: boolean;
  problems: readonly SequenceField[];
  onChange: (update: Partial<StepDraft>, field: SequenceField) => void;
  onMove: (delta: -1 | 1) => void;
  register: (key: string) => (element: HTMLElement | null) => void;
}) {
  const { t } = usePart('admin');
  const name = t(`admin.settings.sequence.names.${step.name}`);
  const key = (option: string) => `${step.name}:${option}` as SequenceField;
  const problem = (option: string) =>
    problems.includes(key(option))
      ? t(`admin.settings.sequence.errors.${option === 'maxServices' ? 'maxServices' : 'invalid'}`, {
          max: MAX_SERVICES,
        })
      : null;
  const props = (option: string, label: string, help: string) => ({
    id: `${id}-${option}`,
    label,
    help,
    problem: problem(option),
    testId: `sequence-${option}`,
    register: register(key(option)),
  });
  const always = step.name === ALWAYS_STEP;
  const moveButton = (delta: -1 | 1) => {
    const edge = delta < 0 ? first : last;
    const label = t(`admin.settings.sequence.${delta < 0 ? 'up' : 'down'}`, { step: name });
    return (
      <button
        type="button"
        className={buttonClass({ variant: 'ghost', size: 's', iconOnly: true })}
        aria-label={label}
        title={label}
        aria-disabled={edge || undefined}
        onClick={() => {
          if (!edge) onMove(delta);
        }}
        ref={register(`${step.name}:${delta < 0 ? 'up' : 'down'}`)}
        data-testid={`sequence-${delta < 0 ? 'up' : 'down'}`}
      >
        <Icon name="chevronDown" size={18} style={delta < 0 ? { transform: 'rotate(180deg)' } : undefined} />
      </button>
    );
  };

  return (
    <li
      className={step.on ? own.step : `${own.step} ${own.stepOff}`}
      data-testid="sequence-step"
      data-step={step.name}
      data-on={step.on}
      aria-labelledby={`${id}-title`}
    >
      <div className={own.stepHead}>
        <span className={own.stepNumber} aria-hidden="true">
          {number ?? '–'}
        </span>
        <h3 id={`${id}-title`} className={own.stepTitle}>
          {name}
        </h3>
        <div className={own.stepMoves}>
          {moveButton(-1)}
          {moveButton(1)}
        </div>
      </div>
      <p className={own.help}>{t(`admin.settings.sequence.about.${step.name}`)}</p>
      <div className={own.stepOptions}>
        <Toggle
          {...props(
            'on',
            t('admin.settings.sequence.on', { step: name }),
            always ? t('admin.settings.sequence.onAlways') : t('admin.settings.sequence.onHelp'),
          )}
          checked={step.on}
          disabled={always}
          onChange={(on) => onChange({ on }, key('on'))}
        />
        {step.on && step.name !== 'login' && (
          <Toggle
            {...props(
              'skip',
              t('admin.settings.sequence.skip', { step: name }),
              t('admin.settings.sequence.skipHelp'),
            )}
            checked={step.skip}
            onChange={(skip) => onChange({ skip }, key('skip'))}
          />
        )}
        {step.on && ANY_STEPS.includes(step.name) && (
          <Toggle
            {...props(
              'any',
              t('admin.settings.sequence.any', { step: name }),
              t('admin.settings.sequence.anyHelp'),
            )}
            checked={step.any}
            onChange={(any) => onChange({ any }, key('any'))}
          />
        )}
        {step.on && always && (
          <Field
            {...props(
              'maxServices',
              t('admin.settings.sequence.maxServices'),
              t('admin.settings.sequence.maxServicesHelp', { max: MAX_SERVICES }),
            )}
          >
            <input
              {...described(props('maxServices', '', ''))}
              ref={register(key('maxServices'))}
              className={`${forms.input} ${own.number}`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={step.maxServices}
              onChange={(event) => onChange({ maxServices: event.target.value }, key('maxServices'))}
              data-testid="sequence-maxServices-input"
            />
          </Field>
        )}
      </div>
    </li>
  );
}
