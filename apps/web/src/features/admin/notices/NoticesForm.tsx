/**
 * The notices form (docs/back-office.md "Notices to the business"): the address rows, typed or
 * taken from the staff, the events mailed, and the save with its outcome.
 */
import { useId, useState } from 'react';
import { type BusinessNotices, useStaffAddresses } from '../../../api/admin-notices.ts';
import { ApiError } from '../../../api/client.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { MAX_RECIPIENTS, unlistedStaff } from './notice-draft.ts';
import styles from './notices.module.css';
import { RecipientRow } from './RecipientRow.tsx';
import { StaffPick } from './StaffPick.tsx';
import { EVENTS, useNoticesForm } from './use-notices-form.ts';

export function NoticesForm({ saved, canSeeStaff }: { saved: BusinessNotices; canSeeStaff: boolean }) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const staff = useStaffAddresses(group.id, token, canSeeStaff);
  const id = useId();
  const { save, rows, events, errors, done, setRow, addRow, removeRow, toggleEvent, submit, inputRef } =
    useNoticesForm(saved);
  const [pick, setPick] = useState('');

  const staffChoices = unlistedStaff(staff.data ?? [], rows);
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
          {rows.map((row, index) => (
            <RecipientRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; their text is what changes.
              key={index}
              formId={id}
              index={index}
              value={row}
              error={errors[index]}
              removable={rows.length > 1 || row !== ''}
              inputRef={inputRef(index)}
              onChange={(value) => setRow(index, value)}
              onRemove={() => removeRow(index)}
            />
          ))}
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
            <StaffPick
              selectId={`${id}-staff`}
              choices={staffChoices}
              value={pick}
              onChange={setPick}
              onAdd={() => {
                if (!pick) return;
                addRow(pick);
                setPick('');
              }}
            />
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
                onChange={(event) => toggleEvent(name, event.target.checked)}
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
