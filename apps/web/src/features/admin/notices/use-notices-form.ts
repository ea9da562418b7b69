/**
 * The notices form's state (docs/back-office.md "Notices to the business"): the address rows with
 * their errors, the events mailed, and the save. A row added or removed takes the focus (the one
 * added, or the one before the removed), and a refused row does on sending.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type BusinessNotices, type NoticeEvent, useSaveNotices } from '../../../api/admin-notices.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { type RowErrors, recipientsOf, validateRecipients } from './notice-draft.ts';

export const EVENTS: readonly NoticeEvent[] = ['created', 'changed', 'cancelled'];

export function useNoticesForm(saved: BusinessNotices) {
  const { group } = useGroupContext();
  const token = useSessionToken();
  const save = useSaveNotices(group.id, token);
  const [rows, setRows] = useState<string[]>(() => (saved.emails.length > 0 ? [...saved.emails] : ['']));
  const [events, setEvents] = useState<ReadonlySet<NoticeEvent>>(() => new Set(saved.events));
  const [errors, setErrors] = useState<RowErrors>([]);
  const [done, setDone] = useState(false);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focusRow = useRef<number | null>(null);

  useEffect(() => {
    if (focusRow.current === null) return;
    inputs.current[focusRow.current]?.focus();
    focusRow.current = null;
  });

  const edited = () => {
    setDone(false);
    if (save.isError) save.reset();
  };
  const setRow = (index: number, value: string) => {
    edited();
    setRows((current) => current.map((row, i) => (i === index ? value : row)));
    if (errors[index]) setErrors((current) => current.map((error, i) => (i === index ? undefined : error)));
  };
  const addRow = (value = '') => {
    edited();
    const empty = rows.findIndex((row) => row.trim() === '');
    if (value && empty >= 0) {
      setRow(empty, value);
      return;
    }
    focusRow.current = rows.length;
    setRows((current) => [...current, value]);
  };
  const removeRow = (index: number) => {
    edited();
    focusRow.current = Math.max(0, index - 1);
    setRows((current) => (current.length > 1 ? current.filter((_, i) => i !== index) : ['']));
    setErrors((current) => current.filter((_, i) => i !== index));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = validateRecipients(rows);
    setErrors(found);
    const first = found.findIndex(Boolean);
    if (first >= 0) {
      inputs.current[first]?.focus();
      return;
    }
    setDone(false);
    save.mutate(
      { emails: recipientsOf(rows), events: EVENTS.filter((name) => events.has(name)) },
      {
        onSuccess: (answer) => {
          setRows(answer.emails.length > 0 ? [...answer.emails] : ['']);
          setDone(true);
        },
      },
    );
  };
  const toggleEvent = (name: NoticeEvent, on: boolean) => {
    edited();
    const next = new Set(events);
    if (on) next.add(name);
    else next.delete(name);
    setEvents(next);
  };
  const inputRef = (index: number) => (element: HTMLInputElement | null) => {
    inputs.current[index] = element;
  };

  return { save, rows, events, errors, done, setRow, addRow, removeRow, toggleEvent, submit, inputRef };
}
