/**
 * /{urlname}/admin/notices — who at the business is mailed about bookings (docs/back-office.md
 * "Notices to the business"): up to five addresses, typed or taken from the staff, and which changes
 * are mailed. The owner's setting; the server checks every address again.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Membership } from '../../../api/admin-membership.ts';
import {
  type BusinessNotices,
  type NoticeEvent,
  useNotices,
  useSaveNotices,
  useStaffAddresses,
} from '../../../api/admin-notices.ts';
import { ApiError } from '../../../api/client.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { ErrorMessage } from '../../../app/group/ErrorMessage.tsx';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ScreenTitle } from '../ScreenTitle.tsx';
import { MAX_RECIPIENTS, type RowErrors, recipientsOf, validateRecipients } from './notice-draft.ts';
import styles from './notices.module.css';

const EVENTS: readonly NoticeEvent[] = ['created', 'changed', 'cancelled'];

export function NoticesScreen({ membership }: { membership: Membership }) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const notices = useNotices(group.id, token);
  return (
    <div data-testid="notices-screen">
      <ScreenTitle title={t('admin.sections.notices')} />
      <p className={styles.intro}>{t('admin.notices.intro')}</p>
      {notices.isPending && <Spinner label={t('admin.loading')} />}
      {notices.isError && <ErrorMessage onRetry={() => void notices.refetch()} />}
      {notices.data && (
        <NoticesForm saved={notices.data} canSeeStaff={membership.rights.includes('staff.read')} />
      )}
    </div>
  );
}

function NoticesForm({ saved, canSeeStaff }: { saved: BusinessNotices; canSeeStaff: boolean }) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const save = useSaveNotices(group.id, token);
  const staff = useStaffAddresses(group.id, token, canSeeStaff);
  const id = useId();
  const [rows, setRows] = useState<string[]>(() => (saved.emails.length > 0 ? [...saved.emails] : ['']));
  const [events, setEvents] = useState<ReadonlySet<NoticeEvent>>(() => new Set(saved.events));
  const [errors, setErrors] = useState<RowErrors>([]);
  const [done, setDone] = useState(false);
  const [pick, setPick] = useState('');
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

  const listed = new Set(rows.map((row) => row.trim().toLowerCase()));
  const staffChoices = (staff.data ?? []).filter((member) => !listed.has(member.email.toLowerCase()));
  const full = rows.length >= MAX_RECIPIENTS;
  const serverError =
    save.error instanceof ApiError && save.error.status === 403
      ? t('admin.notices.errors.forbidden')
      : t('admin.notices.errors.generic');

  return (
    <form
      className={`${styles.panel} ${forms.dense}`}
      onSubmit={submit}
      noValidate
      data-testid="notices-form"
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('admin.notices.recipients')}</legend>
        <p className={styles.hint} id={`${id}-hint`}>
          {t('admin.notices.recipientsHint', { n: MAX_RECIPIENTS })}
        </p>
        <ul className={styles.rows}>
          {rows.map((row, index) => {
            const inputId = `${id}-email-${index}`;
            const errorId = `${inputId}-error`;
            const error = errors[index];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; their text is what changes.
              <li key={index} className={styles.row}>
                <label className={forms.label} htmlFor={inputId}>
                  {t('admin.notices.email', { n: index + 1 })}
                </label>
                <div className={styles.inputLine}>
                  <input
                    id={inputId}
                    ref={(element) => {
                      inputs.current[index] = element;
                    }}
                    type="email"
                    autoComplete="off"
                    inputMode="email"
                    className={forms.input}
                    value={row}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : `${id}-hint`}
                    onChange={(event) => setRow(index, event.target.value)}
                    data-testid="notice-email"
                  />
                  {(rows.length > 1 || row !== '') && (
                    <Button
                      variant="ghost"
                      iconOnly
                      aria-label={t('admin.notices.remove', { n: index + 1 })}
                      onClick={() => removeRow(index)}
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
          })}
        </ul>
        <div className={styles.tools}>
          <Button
            variant="secondary"
            size="s"
            onClick={() => addRow()}
            disabled={full}
            data-testid="notice-add"
          >
            {t('admin.notices.add')}
          </Button>
          {canSeeStaff && staffChoices.length > 0 && !full && (
            <div className={styles.staffPick}>
              <label className="visually-hidden" htmlFor={`${id}-staff`}>
                {t('admin.notices.staff')}
              </label>
              <select
                id={`${id}-staff`}
                className={forms.input}
                value={pick}
                onChange={(event) => setPick(event.target.value)}
                data-testid="notice-staff"
              >
                <option value="">{t('admin.notices.staff')}</option>
                {staffChoices.map((member) => (
                  <option key={member.account_id} value={member.email}>
                    {member.name ? `${member.name} — ${member.email}` : member.email}
                  </option>
                ))}
              </select>
              <Button
                variant="secondary"
                size="s"
                onClick={() => {
                  if (!pick) return;
                  addRow(pick);
                  setPick('');
                }}
                data-testid="notice-staff-add"
              >
                {t('admin.notices.staffAdd')}
              </Button>
            </div>
          )}
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('admin.notices.events')}</legend>
        <div className={styles.checks}>
          {EVENTS.map((name) => (
            <label key={name} className={styles.check}>
              <input
                type="checkbox"
                checked={events.has(name)}
                onChange={(event) => {
                  edited();
                  const next = new Set(events);
                  if (event.target.checked) next.add(name);
                  else next.delete(name);
                  setEvents(next);
                }}
                data-testid={`notice-event-${name}`}
              />
              {t(`admin.notices.event.${name}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <div className={styles.actions}>
        <Button type="submit" aria-disabled={save.isPending || undefined} data-testid="notices-save">
          {save.isPending ? t('admin.notices.saving') : t('admin.notices.save')}
        </Button>
        <span role="status" className={styles.saved} data-testid="notices-status">
          {done && (
            <>
              <Icon name="check" size={18} />
              {t('admin.notices.saved')}
            </>
          )}
        </span>
      </div>
      <div aria-live="assertive">
        {save.isError && (
          <p className={forms.error} role="alert" data-testid="notices-error">
            <Icon name="alert" size={16} />
            <span>{serverError}</span>
          </p>
        )}
      </div>
    </form>
  );
}
