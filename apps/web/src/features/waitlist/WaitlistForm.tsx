/**
 * "Tell me when a time frees up" (docs/waitlist.md): a disclosure under the slots, or under an
 * appointment ("Tell me if something earlier frees up"), opening a short form — address, name,
 * dates — that puts the visitor on the group's waiting list.
 */
import { validateEmail } from '@creneau/core/validation/email';
import { type FormEvent, useId, useState } from 'react';
import { joinWaitlist } from '../../api/waitlist.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { useMutation } from '../../query/query.ts';
import { Button } from '../../ui/Button.tsx';
import formStyles from '../../ui/forms/forms.module.css';
import styles from './WaitlistForm.module.css';
import { joinErrorKey } from './waitlist-errors.ts';

export interface WaitlistFormProps {
  interventionId?: number | undefined;
  calendarId?: number | undefined;
  /** Bring this appointment forward instead of booking a new one. */
  appointmentId?: number | undefined;
  /** Local dates in the group's zone. */
  from: string;
  to: string;
  email?: string | undefined;
  firstname?: string | undefined;
  lastname?: string | undefined;
}

export function WaitlistForm(props: WaitlistFormProps) {
  const { t } = useTranslation();
  const { group, locale } = useGroupContext();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(props.email ?? '');
  const [firstname, setFirstname] = useState(props.firstname ?? '');
  const [lastname, setLastname] = useState(props.lastname ?? '');
  const [phone, setPhone] = useState('');
  // The booking an offer makes needs what the group's records need: a phone number, for some.
  const needsPhone = Boolean(group.forms?.fiche?.some((f) => f.name === 'firstphone' && f.required));
  const [from, setFrom] = useState(props.from);
  const [to, setTo] = useState(props.to);
  const [attempted, setAttempted] = useState(false);
  const join = useMutation({ mutationFn: joinWaitlist });
  const earlier = props.appointmentId !== undefined;
  const emailRule = validateEmail(email.trim());
  const missing = !firstname.trim() || !lastname.trim() || !from || !to || (needsPhone && !phone.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (emailRule || missing || join.isPending) return;
    join.mutate({
      groupId: group.id,
      interventionId: props.interventionId,
      calendarId: props.calendarId,
      appointmentId: props.appointmentId,
      from,
      to,
      email: email.trim(),
      firstname: firstname.trim(),
      lastname: lastname.trim(),
      phone: needsPhone ? phone.trim() : undefined,
      locale,
    });
  };

  const title = earlier ? t('waitlist.join.earlierOpen') : t('waitlist.join.open');
  if (join.isSuccess)
    return (
      <p className={styles.done} role="status" data-testid="waitlist-done">
        {t('waitlist.join.done', { email: email.trim() })}
      </p>
    );
  const field = (
    name: string,
    label: string,
    value: string,
    set: (value: string) => void,
    type = 'text',
    autoComplete?: string,
  ) => (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className={formStyles.input}
        type={type}
        value={value}
        required
        autoComplete={autoComplete}
        aria-invalid={attempted && (name === 'email' ? Boolean(emailRule) : !value.trim())}
        onChange={(event) => set(event.target.value)}
        data-testid={`waitlist-${name}`}
      />
    </div>
  );
  return (
    <div className={styles.box}>
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => setOpen(!open)}
        data-testid="waitlist-open"
      >
        {title}
      </Button>
      {open && (
        <form id={`${id}-form`} className={styles.form} onSubmit={submit} noValidate aria-label={title}>
          <p className={styles.lead}>{earlier ? t('waitlist.join.earlierLead') : t('waitlist.join.lead')}</p>
          <div className={formStyles.fields}>
            {field('email', t('waitlist.join.email'), email, setEmail, 'email', 'email')}
            {field('firstname', t('waitlist.join.firstname'), firstname, setFirstname, 'text', 'given-name')}
            {field('lastname', t('waitlist.join.lastname'), lastname, setLastname, 'text', 'family-name')}
            {needsPhone ? (
              field('phone', t('booking.fiche.fields.firstphone'), phone, setPhone, 'tel', 'tel')
            ) : (
              <span />
            )}
            {field('from', t('waitlist.join.from'), from, setFrom, 'date')}
            {field('to', t('waitlist.join.to'), to, setTo, 'date')}
          </div>
          {attempted && emailRule && (
            <p className={formStyles.error} role="alert">
              {t('booking.fieldErrors.emailValidator')}
            </p>
          )}
          {join.isError && (
            <p className={formStyles.error} role="alert" data-testid="waitlist-error">
              {t(joinErrorKey(join.error))}
            </p>
          )}
          <div>
            <Button type="submit" disabled={join.isPending} data-testid="waitlist-submit">
              {t('waitlist.join.submit')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
