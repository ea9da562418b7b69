/**
 * The state of the opening hours form's dated changes (exceptions-draft.ts): the draft per
 * calendar, the browser's live problems, and the edits the form offers (the form holds the
 * server's problems with its own, use-editor-form.ts).
 */
import { useMemo, useState } from 'react';
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import {
  addDays,
  closedDay,
  type ExceptionDraft,
  type ExceptionKind,
  type ExceptionsDraft,
  exceptionIssues,
  exceptionsOf,
} from './exceptions-draft.ts';

export function useExceptions(
  document: ConfigurationDocument,
  /** Called on every edit, with the key of the row edited or removed (its problem no longer applies). */
  onChange: (key?: string) => void,
) {
  const [read] = useState<ExceptionsDraft>(() => exceptionsOf(document));
  const [draft, setDraft] = useState<ExceptionsDraft>(read);
  const local = useMemo(() => exceptionIssues(draft), [draft]);

  const update = (calendar: string, change: (rows: ExceptionDraft[]) => ExceptionDraft[], key?: string) => {
    onChange(key);
    setDraft((current) => ({ ...current, [calendar]: change(current[calendar] ?? []) }));
  };
  return {
    read,
    draft,
    /** The rows the browser finds wrong. */
    local,
    set: (calendar: string, key: string, patch: Partial<ExceptionDraft>) =>
      update(calendar, (rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)), key),
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
    remove: (calendar: string, key: string) =>
      update(calendar, (rows) => rows.filter((row) => row.key !== key), key),
  };
}

export type ExceptionsState = ReturnType<typeof useExceptions>;
