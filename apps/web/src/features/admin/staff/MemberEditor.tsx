/**
 * Changes a member's role and, for the staff role, the calendars they work on (docs/back-office.md
 * "Staff"). The server decides: a refusal (the business's last owner, an unknown calendar) is
 * shown under the form, announced, and the form stays as typed.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type StaffMember, useUpdateStaffMember } from '../../../api/admin-staff.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Button } from '../../../ui/Button.tsx';
import { usePeopleErrorText } from '../people-error-text.ts';
import styles from './staff.module.css';
import type { CalendarChoice } from './staff-format.ts';
import { staffChange } from './staff-format.ts';

const ROLES = ['owner', 'manager', 'staff', 'callcentre'] as const;
type Role = (typeof ROLES)[number];

interface MemberEditorProps {
  member: StaffMember;
  name: string;
  calendars: readonly CalendarChoice[];
  onDone: () => void;
  onCancel: () => void;
}

export function MemberEditor({ member, name, calendars, onDone, onCancel }: MemberEditorProps) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const update = useUpdateStaffMember(group.id, token);
  const errorText = usePeopleErrorText();
  const [role, setRole] = useState<Role>(member.role);
  const [all, setAll] = useState(member.calendar_ids === null);
  const [chosen, setChosen] = useState<number[]>(member.calendar_ids ?? []);
  const roleField = useRef<HTMLSelectElement>(null);
  const roleId = useId();
  const roleHintId = useId();
  const errorId = useId();

  useEffect(() => roleField.current?.focus(), []);

  const change = staffChange(role, all, chosen);
  const unchanged =
    change.role === member.role &&
    JSON.stringify(change.calendar_ids) ===
      JSON.stringify(member.calendar_ids && [...member.calendar_ids].sort((a, b) => a - b));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    if (unchanged) {
      onCancel();
      return;
    }
    update.mutate({ accountId: member.account_id, change }, { onSuccess: onDone });
  };

  const toggle = (id: number, on: boolean) =>
    setChosen((list) => (on ? [...list.filter((x) => x !== id), id] : list.filter((x) => x !== id)));

  return (
    <form
      className={styles.editor}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
      aria-label={t('admin.staff.editLabel', { name })}
      data-testid="staff-editor"
    >
      <div className={styles.field}>
        <label htmlFor={roleId}>{t('admin.staff.role')}</label>
        <select
          ref={roleField}
          id={roleId}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
          aria-describedby={`${roleHintId}${update.isError ? ` ${errorId}` : ''}`}
          data-testid="staff-role-select"
        >
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {t(`admin.role.${value}`)}
            </option>
          ))}
        </select>
        <p id={roleHintId} className={styles.hint}>
          {t(`admin.staff.roleHint.${role}`)}
        </p>
      </div>

      {role === 'staff' && (
        <fieldset className={styles.calendars}>
          <legend>{t('admin.staff.calendars')}</legend>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={all}
              onChange={(event) => setAll(event.target.checked)}
              data-testid="staff-all-calendars"
            />
            {t('admin.staff.allCalendars')}
          </label>
          {!all && (
            <div className={styles.calendarChoices}>
              {calendars.map((calendar) => (
                <label key={calendar.id} className={styles.check}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(calendar.id)}
                    onChange={(event) => toggle(calendar.id, event.target.checked)}
                    data-testid="staff-calendar"
                    data-calendar-id={calendar.id}
                  />
                  {calendar.name}
                </label>
              ))}
              {chosen.length === 0 && <p className={styles.hint}>{t('admin.staff.noCalendarHint')}</p>}
            </div>
          )}
        </fieldset>
      )}

      <div aria-live="assertive">
        {update.isError && (
          <p id={errorId} className={styles.error} data-testid="staff-error">
            {errorText(update.error)}
          </p>
        )}
      </div>

      <div className={styles.editorActions}>
        <Button variant="secondary" size="s" onClick={onCancel} data-testid="staff-cancel">
          {t('admin.staff.cancel')}
        </Button>
        <Button type="submit" size="s" aria-disabled={update.isPending || undefined} data-testid="staff-save">
          {update.isPending ? t('admin.staff.saving') : t('admin.staff.save')}
        </Button>
      </div>
    </form>
  );
}
