/** A staff member's address to add to the notices, chosen from a list (docs/back-office.md "Notices to the business"). */
import { usePart } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import styles from './notices.module.css';

interface StaffPickProps {
  selectId: string;
  choices: readonly { account_id: number; name: string | null; email: string }[];
  value: string;
  onChange: (value: string) => void;
  onAdd: () => void;
}

export function StaffPick({ selectId, choices, value, onChange, onAdd }: StaffPickProps) {
  const { t } = usePart('admin');
  return (
    <div className={styles.staffPick}>
      <label className="visually-hidden" htmlFor={selectId}>
        {t('admin.notices.staff')}
      </label>
      <select
        id={selectId}
        className={forms.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid="notice-staff"
      >
        <option value="">{t('admin.notices.staff')}</option>
        {choices.map((member) => (
          <option key={member.account_id} value={member.email}>
            {member.name ? `${member.name} — ${member.email}` : member.email}
          </option>
        ))}
      </select>
      <Button variant="secondary" size="s" onClick={onAdd} data-testid="notice-staff-add">
        {t('admin.notices.staffAdd')}
      </Button>
    </div>
  );
}
