/**
 * The state of the opening hours form's dated changes (exceptions-draft.ts): the draft per
 * calendar, the browser's live problems and the server's, and the edits the form offers.
 */
import { useMemo, useState } from 'react';
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import {
  addDays,
  closedDay,
  type ExceptionDraft,
  type ExceptionIssue,
  type ExceptionKind,
  type ExceptionProblem,
  type ExceptionsDraft,
  exceptionIssues,
  exceptionsOf,
} from './exceptions-draft.ts';

export function useExceptions(document: ConfigurationDocument, onChange: () => void) {
  const [read] = useState<ExceptionsDraft>(() => exceptionsOf(document));
  const [draft, setDraft] = useState<ExceptionsDraft>(read);
  const [serverIssues, setServerIssues] = useState<ExceptionIssue[]>([]);
  const local = useMemo(() => exceptionIssues(draft), [draft]);

  const update = (calendar: string, change: (rows: ExceptionDraft[]) => ExceptionDraft[]) => {
    onChange();
    setDraft((current) => ({ ...current, [calendar]: change(current[calendar] ?? []) }));
  };
  return {
    read,
    draft,
    local,
    serverIssues,
    setServerIssues,
    /** The problem a row shows: after a first save attempt the browser's own, live, else the server's. */
    issueOf: (key: string, checked: boolean): ExceptionProblem | undefined =>
      (checked ? local.find((item) => item.key === key)?.problem : undefined) ??
      serverIssues.find((item) => item.key === key)?.problem,
    set: (calendar: string, key: string, patch: Partial<ExceptionDraft>) => {
      update(calendar, (rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
      setServerIssues((list) => list.filter((item) => item.key !== key));
    },
    /** Adds a closed day (or an extra opening, 09:00–12:00) tomorrow; answers the new row's key. */
    add: (calendar: string, kind: ExceptionKind): string => {
      const date = addDays(new Date().toISOString().slice(0, 10), 1);
      const row =
        kind === 'opening'
          ? { ...closedDay(date), kind, from: `${date}T09:00`, to: `${date}T12:00` }
          : closedDay(date);
      update(calendar, (rows) => [...rows, row]);
      return row.key;
    },
    remove: (calendar: string, key: string) => {
      update(calendar, (rows) => rows.filter((row) => row.key !== key));
      setServerIssues((list) => list.filter((item) => item.key !== key));
    },
  };
}

export type ExceptionsState = ReturnType<typeof useExceptions>;
