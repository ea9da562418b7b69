/**
 * One member of the staff: name, e-mail, role and calendars; for owners, a change of role and
 * calendars that opens in place. Closing it returns the focus to its button.
 */
import { useId, useRef, useState } from 'react';
import type { StaffMember } from '../../../api/admin-staff.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { MemberEditor } from './MemberEditor.tsx';
import styles from './staff.module.css';
import { type CalendarChoice, calendarsText } from './staff-format.ts';

interface MemberCardProps {
  member: StaffMember;
  calendars: readonly CalendarChoice[];
  canManage: boolean;
}

export function MemberCard({ member, calendars, canManage }: MemberCardProps) {
  const { t } = usePart('admin');
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const name = member.name?.trim() || member.email;

  const close = (didSave: boolean) => {
    setEditing(false);
    setSaved(didSave);
    // The editor is gone after this render; its button comes back in its place.
    requestAnimationFrame(() => opener.current?.focus());
  };

  return (
    <li className={styles.card} data-testid="staff-member" data-account-id={member.account_id}>
      <div className={styles.who}>
        <span className={styles.avatar} aria-hidden="true">
          {initials(name)}
        </span>
        <div className={styles.identity}>
          <h3 id={titleId} className={styles.name}>
            {name}
          </h3>
          {member.name && <span className={styles.email}>{member.email}</span>}
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('admin.staff.role')}</dt>
          <dd>
            <span className={`${styles.role} ${styles[`role_${member.role}`]}`} data-testid="staff-role">
              {t(`admin.role.${member.role}`)}
            </span>
          </dd>
        </div>
        {member.role !== 'callcentre' && (
          <div>
            <dt>{t('admin.staff.calendars')}</dt>
            <dd data-testid="staff-calendars">
              {calendarsText(member, calendars, {
                all: t('admin.staff.allCalendars'),
                none: t('admin.staff.noCalendar'),
                unknown: (id) => t('admin.staff.calendarNumber', { id }),
              })}
            </dd>
          </div>
        )}
      </dl>
      {canManage && !editing && (
        <div className={styles.cardActions}>
          <span className={styles.saved} aria-live="polite">
            {saved && (
              <>
                <Icon name="check" />
                {t('admin.staff.saved')}
              </>
            )}
          </span>
          <button
            ref={opener}
            type="button"
            className={buttonClass({ variant: 'secondary', size: 's' })}
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
            aria-describedby={titleId}
            data-testid="staff-edit"
          >
            {t('admin.staff.change')}
          </button>
        </div>
      )}
      {canManage && editing && (
        <MemberEditor
          member={member}
          name={name}
          calendars={calendars}
          onDone={() => close(true)}
          onCancel={() => close(false)}
        />
      )}
    </li>
  );
}

function initials(name: string): string {
  const words = name
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('');
}
