/**
 * The opening hours form (docs/group-configuration.md "Weekly hours" and exceptions): per calendar
 * and weekday, the opening ranges, added, removed and changed, and the dated changes (closed days,
 * absences, extra openings). The browser checks that each range ends after it starts, that a day's
 * ranges do not overlap and that each dated change ends after it starts; the server checks
 * everything again and its problems come back on the range or change they name (hours-draft.ts,
 * exceptions-draft.ts).
 */
import { type FormEvent, useId, useMemo, useState } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { type EditorFormProps, SaveBar, useSaveFailure } from './ConfigurationEditor.tsx';
import { DatedHours } from './DatedHours.tsx';
import { sortExceptionProblems, withExceptions } from './exceptions-draft.ts';
import {
  documentWith,
  draftOf,
  fieldOfProblem,
  type LocalProblem,
  localProblems,
  newRangeKey,
  type RangeDraft,
  type RangeProblem,
  sortProblems,
  WEEKDAYS,
  type Weekday,
} from './hours-draft.ts';
import { sendDocument } from './send-document.ts';
import styles from './settings.module.css';
import { useExceptions } from './use-exceptions.ts';
import { useFieldFocus } from './use-field-focus.ts';
import { useFormDraft } from './use-form-draft.ts';
import { WeekHours } from './WeekHours.tsx';

/** A Monday, to name the weekdays in the page's language. */
const A_MONDAY = Date.UTC(2024, 0, 1, 12);

export function HoursForm({ version, document, save, onSaved, onEdit, onReload }: EditorFormProps) {
  const { t, i18n } = usePart('admin');
  const id = useId();
  /** Problems shown: the browser's on a save, or the server's; each range's own ones show live. */
  const [serverProblems, setServerProblems] = useState<LocalProblem[]>([]);
  const [checked, setChecked] = useState(false);
  const [others, setOthers] = useState<string[]>([]);
  const { register, focusNext } = useFieldFocus();
  const dayName = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
    return (day: Weekday) => {
      const name = format.format(new Date(A_MONDAY + WEEKDAYS.indexOf(day) * 86_400_000));
      return name.charAt(0).toLocaleUpperCase(i18n.language) + name.slice(1);
    };
  }, [i18n.language]);

  const exceptions = useExceptions(document, onEdit);
  const [draft, setDraft] = useFormDraft(
    document,
    draftOf,
    save,
    JSON.stringify(exceptions.draft) !== JSON.stringify(exceptions.read),
  );

  const local = useMemo(() => localProblems(draft), [draft]);
  /** The problem a range shows: after a first save attempt, the browser's own live, else the server's. */
  const problemOf = (key: string): RangeProblem | undefined =>
    (checked ? local.find((item) => item.key === key)?.problem : undefined) ??
    serverProblems.find((item) => item.key === key)?.problem;

  const change = (calendar: string, day: Weekday, update: (ranges: RangeDraft[]) => RangeDraft[]) => {
    onEdit();
    setDraft((current) =>
      current.map((item) =>
        item.externid === calendar
          ? { ...item, days: { ...item.days, [day]: update(item.days[day]) } }
          : item,
      ),
    );
  };
  const setTime = (calendar: string, day: Weekday, key: string, which: 'from' | 'to', value: string) => {
    change(calendar, day, (ranges) =>
      ranges.map((range) => (range.key === key ? { ...range, [which]: value } : range)),
    );
    setServerProblems((list) => list.filter((item) => item.key !== key));
  };
  const addRange = (calendar: string, day: Weekday) => {
    const key = newRangeKey();
    change(calendar, day, (ranges) => {
      const last = ranges.at(-1);
      // After the last range when there is room, else a morning: the owner adjusts it.
      const from = last && last.to < '23:00' && last.to !== '00:00' ? last.to : '09:00';
      const to =
        from === '09:00'
          ? '12:00'
          : `${String(Math.min(Number(from.slice(0, 2)) + 1, 23)).padStart(2, '0')}:${from.slice(3)}`;
      return [...ranges, { key, from, to }];
    });
    focusNext.current = `${calendar}:${day}:${key}:from`;
  };
  const removeRange = (calendar: string, day: Weekday, key: string) => {
    change(calendar, day, (ranges) => ranges.filter((range) => range.key !== key));
    setServerProblems((list) => list.filter((item) => item.key !== key));
    focusNext.current = `add:${calendar}:${day}`;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setChecked(true);
    const firstException = exceptions.local[0];
    if (local.length > 0 || firstException) {
      setServerProblems([]);
      exceptions.setServerIssues([]);
      setOthers([]);
      focusNext.current = local[0]
        ? fieldOfProblem(local[0])
        : `${firstException?.key}:${firstException?.problem === 'from' ? 'from' : 'to'}`;
      // A render must run for the focus: the draft is unchanged, so force one.
      setDraft((current) => [...current]);
      return;
    }
    setServerProblems([]);
    exceptions.setServerIssues([]);
    setOthers([]);
    const sent = withExceptions(documentWith(document, draft), exceptions.draft);
    sendDocument(save, sent, version, onSaved, (problems) => {
      const sorted = sortProblems(sent, draft, problems);
      const dated = sortExceptionProblems(sent, exceptions.draft, sorted.other);
      setServerProblems(sorted.ranges);
      exceptions.setServerIssues(dated.issues);
      setOthers(dated.other);
      focusNext.current = sorted.ranges[0]
        ? fieldOfProblem(sorted.ranges[0])
        : dated.issues[0]
          ? `${dated.issues[0].key}:${dated.issues[0].problem === 'from' ? 'from' : 'to'}`
          : null;
    });
  };
  const failure = useSaveFailure(save, serverProblems.length > 0 || exceptions.serverIssues.length > 0);

  return (
    <form className={`${styles.panel} ${forms.dense}`} onSubmit={submit} noValidate data-testid="hours-form">
      <p className={styles.hint}>{t('admin.settings.hours.intro')}</p>
      {draft.map((calendar) => {
        const headingId = `${id}-${calendar.externid}`;
        return (
          <section
            key={calendar.externid}
            className={styles.category}
            aria-labelledby={headingId}
            data-testid="hours-calendar"
            data-calendar={calendar.externid}
          >
            <h2 id={headingId} className={styles.categoryTitle}>
              {calendar.name}
            </h2>
            <WeekHours
              calendar={calendar}
              dayName={dayName}
              problemOf={problemOf}
              setTime={setTime}
              addRange={addRange}
              removeRange={removeRange}
              register={register}
            />
            <DatedHours
              calendar={calendar.externid}
              name={calendar.name}
              exceptions={exceptions}
              checked={checked}
              focus={(field) => {
                focusNext.current = field;
              }}
              register={register}
            />
          </section>
        );
      })}
      <SaveBar
        save={save}
        version={version}
        failure={failure}
        others={others}
        localMessage={
          checked && (local.length > 0 || exceptions.local.length > 0)
            ? t('admin.settings.errors.invalidLocal')
            : null
        }
        onReload={onReload}
      />
    </form>
  );
}
