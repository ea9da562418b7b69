/**
 * The opening hours form (docs/group-configuration.md "Weekly hours" and exceptions): per calendar
 * and weekday, the opening ranges, added, removed and changed, and the dated changes (closed days,
 * absences, extra openings). The browser checks that each range ends after it starts, that a day's
 * ranges do not overlap and that each dated change ends after it starts; the server checks
 * everything again and its problems come back on the range or change they name (hours-draft.ts,
 * exceptions-draft.ts).
 */
import { useId, useMemo } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { type EditorFormProps, SaveBar } from './ConfigurationEditor.tsx';
import { DatedHours } from './DatedHours.tsx';
import { type ExceptionIssue, sortExceptionProblems, withExceptions } from './exceptions-draft.ts';
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
import styles from './settings.module.css';
import { useEditorForm } from './use-editor-form.ts';
import { useExceptions } from './use-exceptions.ts';
import { WeekHours } from './WeekHours.tsx';

/** A problem of a weekly range (it has a day) or of a dated change. */
type HoursIssue = LocalProblem | ExceptionIssue;
/** The problems by the key of their range or dated change (the two kinds of keys differ). */
const byKey = (issues: readonly HoursIssue[]) => new Map(issues.map((issue) => [issue.key, issue]));

/** A Monday, to name the weekdays in the page's language. */
const A_MONDAY = Date.UTC(2024, 0, 1, 12);

export function HoursForm(props: EditorFormProps) {
  const { document } = props;
  const { t, i18n } = usePart('admin');
  const id = useId();
  const dayName = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
    return (day: Weekday) => {
      const name = format.format(new Date(A_MONDAY + WEEKDAYS.indexOf(day) * 86_400_000));
      return name.charAt(0).toLocaleUpperCase(i18n.language) + name.slice(1);
    };
  }, [i18n.language]);

  // An edit of a dated change clears its problem (`form` is there by the time anyone edits).
  const exceptions = useExceptions(document, (key) => {
    form.edited();
    if (key) form.fixed(key);
  });
  // Problems shown: the browser's own after a first save attempt, live, else the server's.
  const form = useEditorForm(props, 'live', {
    draftOf,
    documentWith: (source, draft) => withExceptions(documentWith(source, draft), exceptions.draft),
    localProblems: (draft) => byKey([...localProblems(draft), ...exceptions.local]),
    sortProblems: (problems, sent, draft) => {
      const sorted = sortProblems(sent, draft, problems);
      const dated = sortExceptionProblems(sent, exceptions.draft, sorted.other);
      return { fields: byKey([...sorted.ranges, ...dated.issues]), other: dated.other };
    },
    focusOf: (_key, issue) =>
      'day' in issue ? fieldOfProblem(issue) : `${issue.key}:${issue.problem === 'from' ? 'from' : 'to'}`,
    otherEdits: JSON.stringify(exceptions.draft) !== JSON.stringify(exceptions.read),
  });
  const { draft, setDraft, register, focusNext } = form;
  /** The problem a range shows. */
  const problemOf = (key: string): RangeProblem | undefined => {
    const issue = form.problemOf(key);
    return issue && 'day' in issue ? issue.problem : undefined;
  };

  const change = (calendar: string, day: Weekday, update: (ranges: RangeDraft[]) => RangeDraft[]) => {
    form.edited();
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
    form.fixed(key);
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
    form.fixed(key);
    focusNext.current = `add:${calendar}:${day}`;
  };

  return (
    <form
      className={`${styles.panel} ${forms.dense}`}
      onSubmit={form.submit}
      noValidate
      data-testid="hours-form"
    >
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
              issueOf={(key) => {
                const issue = form.problemOf(key);
                return issue && !('day' in issue) ? issue.problem : undefined;
              }}
              focus={(field) => {
                focusNext.current = field;
              }}
              register={register}
            />
          </section>
        );
      })}
      <SaveBar {...form.saveBar} />
    </form>
  );
}
