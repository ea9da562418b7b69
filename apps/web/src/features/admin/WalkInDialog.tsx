/**
 * Booking for a customer from a free place of the agenda — a walk-in at the desk or a caller
 * (docs/back-office.md "Booking from the agenda"). The place chosen on the board presets the
 * calendar, the day and the time; the staff pick the service, an existing customer (searched by
 * name, e-mail or phone) or a new one, and whether the confirmation mail goes out. Owners and
 * managers may give a reason to book past the notice and capacity rules. The server decides; its
 * refusals show on the field they concern.
 */
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useBookForCustomer, type WalkInBooking } from '../../api/admin-actions.ts';
import type { AgendaAppointment, AgendaCalendar } from '../../api/admin-agenda.ts';
import { useCalendarServices } from '../../api/admin-walkin.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import forms from '../../ui/forms/forms.module.css';
import { Icon } from '../../ui/Icon.tsx';
import { clockOf, minuteOfClock, wallClockOf } from './agenda-grid.ts';
import { CustomerPicker, type PickedCustomer } from './CustomerPicker.tsx';
import styles from './walkin.module.css';
import { type Refusal, refusalsOf, type WalkInField } from './walkin-errors.ts';

/** The override reason's bounds (packages/contract: MAX_OVERRIDE_REASON, at least 3 characters). */
const MIN_REASON = 3;
const MAX_REASON = 300;

/** "30 min" in the page's language. */
function minuteFormat(language: string): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
  } catch {
    return new Intl.NumberFormat('en', { style: 'unit', unit: 'minute', unitDisplay: 'short' });
  }
}

/** A refusal in words: the back office's own texts, or the core's (field errors, messages). */
type Translate = (key: string, values?: Record<string, string | number>) => string;
export function refusalText(t: Translate, refusal: Refusal): string;
export function refusalText(t: Translate, refusal: Refusal | undefined): string | null;
export function refusalText(t: Translate, refusal: Refusal | undefined): string | null {
  if (!refusal) return null;
  return t(refusal.core ? refusal.key : `admin.${refusal.key}`, refusal.values);
}

export interface FreePlace {
  calendarId: number;
  day: string;
  /** Minutes from the day's midnight. */
  minute: number;
}

interface WalkInDialogProps {
  groupId: number;
  token: string | null;
  /** The calendars a booking can go on (no resources). */
  calendars: readonly AgendaCalendar[];
  place: FreePlace;
  canOverride: boolean;
  onClose: () => void;
  onBooked: (appointment: AgendaAppointment) => void;
}

export function WalkInDialog({
  groupId,
  token,
  calendars,
  place,
  canOverride,
  onClose,
  onBooked,
}: WalkInDialogProps) {
  const { t, i18n } = usePart('admin');
  const { locale, group } = useGroupContext();
  // The group's record form says whether a new customer's e-mail and phone are required; the
  // server holds a walk-in to the same rules as the booking pages.
  const requiredContact = useMemo(() => {
    const required = (name: string) => (group.forms?.fiche ?? []).some((f) => f.name === name && f.required);
    return { email: required('email'), phone: required('firstphone') };
  }, [group.forms]);
  const id = useId();
  const [calendarId, setCalendarId] = useState(place.calendarId);
  const [serviceId, setServiceId] = useState<number | null>(null);
  const [date, setDate] = useState(place.day);
  const [time, setTime] = useState(clockOf(place.minute));
  const [mode, setMode] = useState<'existing' | 'new'>('new');
  const [picked, setPicked] = useState<PickedCustomer | null>(null);
  const [person, setPerson] = useState({ firstname: '', lastname: '', email: '', phone: '' });
  const [comments, setComments] = useState('');
  const [notify, setNotify] = useState(true);
  const [reason, setReason] = useState('');
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const services = useCalendarServices(groupId, locale, calendarId);
  const book = useBookForCustomer(groupId);
  const form = useRef<HTMLFormElement>(null);
  const minutes = useMemo(() => minuteFormat(i18n.language), [i18n.language]);

  // The service list follows the calendar: keep the choice while the calendar still offers it.
  useEffect(() => {
    if (services.offered.length === 0) return;
    if (serviceId === null || !services.offered.some((s) => s.id === serviceId))
      setServiceId(services.offered[0]?.id ?? null);
  }, [services.offered, serviceId]);

  const fieldId = (field: WalkInField) => `${id}-${field}`;
  const errorOf = (field: WalkInField) => refusals.find((r) => r.field === field);
  const general = refusals.filter((r) => !r.field);

  // The first refused field takes the focus, so it is read out with its message.
  const focusFirstError = (found: Refusal[]) =>
    requestAnimationFrame(() => {
      const first = found[0];
      const target = first?.field
        ? form.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first.field))}`)
        : form.current?.querySelector<HTMLElement>('[data-walkin-alert]');
      target?.focus();
    });

  const check = (): Refusal[] => {
    const found: Refusal[] = [];
    if (serviceId === null) found.push({ key: 'walkin.errors.service', field: 'service' });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || minuteOfClock(time) === null)
      found.push({ key: 'walkin.errors.when', field: 'time' });
    if (mode === 'existing' && !picked) found.push({ key: 'walkin.errors.pick', field: 'customer' });
    if (mode === 'new') {
      if (!person.firstname.trim())
        found.push({ key: 'booking.fieldErrors.emptyRequiredTextInput', core: true, field: 'firstname' });
      if (!person.lastname.trim())
        found.push({ key: 'booking.fieldErrors.emptyRequiredTextInput', core: true, field: 'lastname' });
      for (const field of ['email', 'phone'] as const)
        if (requiredContact[field] && !person[field].trim())
          found.push({ key: 'booking.fieldErrors.emptyRequiredTextInput', core: true, field });
    }
    const given = reason.trim();
    if (canOverride && given && (given.length < MIN_REASON || given.length > MAX_REASON))
      found.push({ key: 'walkin.errors.reason', field: 'override' });
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (book.isPending) return;
    const found = check();
    setRefusals(found);
    if (found.length) {
      focusFirstError(found);
      return;
    }
    const minute = minuteOfClock(time) ?? place.minute;
    const customer: WalkInBooking['customer'] =
      mode === 'existing' && picked
        ? { fiche_id: picked.fiche_id }
        : {
            firstname: person.firstname.trim(),
            lastname: person.lastname.trim(),
            ...(person.email.trim() ? { email: person.email.trim() } : {}),
            ...(person.phone.trim() ? { phone: person.phone.trim() } : {}),
          };
    book.mutate(
      {
        calendar_id: calendarId,
        intervention_id: serviceId as number,
        start: wallClockOf(date, minute),
        customer,
        ...(comments.trim() ? { comments: comments.trim() } : {}),
        notify_customer: notify,
        ...(canOverride && reason.trim() ? { override_reason: reason.trim() } : {}),
      },
      {
        onSuccess: (appointment) => onBooked(appointment),
        onError: (error) => {
          const found = refusalsOf(error, (key) => i18n.exists(key));
          setRefusals(found);
          focusFirstError(found);
        },
      },
    );
  };

  const describedBy = (field: WalkInField, hint?: string) =>
    [errorOf(field) ? `${fieldId(field)}-error` : null, hint].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: WalkInField) => {
    const refusal = errorOf(field);
    return refusal ? (
      <p id={`${fieldId(field)}-error`} className={forms.error} data-testid={`walkin-error-${field}`}>
        <Icon name="alert" size={16} />
        <span>{refusalText(t, refusal)}</span>
      </p>
    ) : null;
  };
  const text = (field: 'firstname' | 'lastname' | 'email' | 'phone', label: string, required: boolean) => (
    <div className={forms.field}>
      <label className={forms.label} htmlFor={fieldId(field)}>
        {label}
        {required ? (
          <span className={forms.required} aria-hidden="true">
            {' *'}
          </span>
        ) : (
          <span className={forms.optional}>{` (${t('booking.form.optional')})`}</span>
        )}
      </label>
      <input
        id={fieldId(field)}
        className={forms.input}
        type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
        autoComplete="off"
        required={required}
        maxLength={field === 'email' ? 254 : field === 'phone' ? 30 : 100}
        value={person[field]}
        aria-invalid={errorOf(field) ? true : undefined}
        aria-describedby={describedBy(field)}
        onChange={(event) => setPerson((was) => ({ ...was, [field]: event.target.value }))}
        data-testid={`walkin-${field}`}
      />
      {fieldError(field)}
    </div>
  );

  const reasonHint = `${id}-reason-hint`;
  return (
    <Dialog
      title={t('admin.walkin.title')}
      onClose={onClose}
      dismissable={false}
      wide
      testId="walkin-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} data-testid="walkin-cancel">
            {t('admin.walkin.cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={book.isPending} data-testid="walkin-submit">
            {book.isPending ? t('admin.walkin.booking') : t('admin.walkin.submit')}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} ref={form} className={styles.form} onSubmit={submit} noValidate>
        {general.length > 0 && (
          <div
            className={styles.alert}
            role="alert"
            tabIndex={-1}
            data-walkin-alert
            data-testid="walkin-alert"
          >
            <Icon name="alert" size={18} />
            <span>{general.map((r) => refusalText(t, r)).join(' ')}</span>
          </div>
        )}
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('admin.walkin.place')}</legend>
          <div className={styles.row}>
            <div className={forms.field}>
              <label className={forms.label} htmlFor={`${id}-calendar`}>
                {t('admin.walkin.calendar')}
              </label>
              <select
                id={`${id}-calendar`}
                className={forms.input}
                value={calendarId}
                onChange={(event) => setCalendarId(Number(event.target.value))}
                data-testid="walkin-calendar"
              >
                {calendars.map((calendar) => (
                  <option key={calendar.id} value={calendar.id}>
                    {calendar.name}
                  </option>
                ))}
              </select>
            </div>
            <div className={forms.field}>
              <label className={forms.label} htmlFor={fieldId('service')}>
                {t('admin.walkin.service')}
              </label>
              <select
                id={fieldId('service')}
                className={forms.input}
                value={serviceId ?? ''}
                disabled={services.isPending || services.offered.length === 0}
                aria-invalid={errorOf('service') ? true : undefined}
                aria-describedby={describedBy('service')}
                onChange={(event) => setServiceId(Number(event.target.value))}
                data-testid="walkin-service"
              >
                {services.isPending && <option value="">{t('admin.walkin.servicesLoading')}</option>}
                {!services.isPending && services.offered.length === 0 && (
                  <option value="">{t('admin.walkin.noServices')}</option>
                )}
                {services.offered.map((service) => (
                  <option key={service.id} value={service.id}>
                    {`${service.name} · ${minutes.format(service.length)}`}
                  </option>
                ))}
              </select>
              {services.isError && (
                <p className={forms.error}>
                  <Icon name="alert" size={16} />
                  <span>{t('admin.walkin.servicesFailed')}</span>
                </p>
              )}
              {fieldError('service')}
            </div>
          </div>
          <div className={styles.row}>
            <div className={forms.field}>
              <label className={forms.label} htmlFor={`${id}-date`}>
                {t('admin.walkin.date')}
              </label>
              <input
                id={`${id}-date`}
                className={forms.input}
                type="date"
                value={date}
                required
                onChange={(event) => setDate(event.target.value)}
                data-testid="walkin-date"
              />
            </div>
            <div className={forms.field}>
              <label className={forms.label} htmlFor={fieldId('time')}>
                {t('admin.walkin.time')}
              </label>
              <input
                id={fieldId('time')}
                className={forms.input}
                type="time"
                step={300}
                value={time}
                required
                aria-invalid={errorOf('time') ? true : undefined}
                aria-describedby={describedBy('time')}
                onChange={(event) => setTime(event.target.value)}
                data-testid="walkin-time"
              />
              {fieldError('time')}
            </div>
          </div>
        </fieldset>

        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('admin.walkin.customer')}</legend>
          <div className={styles.segmented} role="radiogroup" aria-label={t('admin.walkin.customerKind')}>
            {(['new', 'existing'] as const).map((option) => (
              <label key={option} className={styles.segment}>
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={option}
                  checked={mode === option}
                  onChange={() => {
                    setMode(option);
                    setRefusals([]);
                  }}
                  data-testid={`walkin-mode-${option}`}
                />
                <span>{t(`admin.walkin.${option === 'new' ? 'newCustomer' : 'existingCustomer'}`)}</span>
              </label>
            ))}
          </div>
          {mode === 'existing' ? (
            <CustomerPicker
              groupId={groupId}
              token={token}
              inputId={fieldId('customer')}
              picked={picked}
              onPick={setPicked}
              error={refusalText(t, errorOf('customer'))}
            />
          ) : (
            <div className={styles.row}>
              {text('firstname', t('admin.walkin.firstname'), true)}
              {text('lastname', t('admin.walkin.lastname'), true)}
              {text('email', t('admin.walkin.email'), requiredContact.email)}
              {text('phone', t('admin.walkin.phone'), requiredContact.phone)}
            </div>
          )}
        </fieldset>

        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-comments`}>
            {t('admin.walkin.comments')}
            <span className={forms.optional}>{` (${t('booking.form.optional')})`}</span>
          </label>
          <textarea
            id={`${id}-comments`}
            className={`${forms.input} ${forms.textarea}`}
            rows={2}
            maxLength={500}
            value={comments}
            onChange={(event) => setComments(event.target.value)}
            data-testid="walkin-comments"
          />
        </div>

        <label className={forms.check}>
          <input
            type="checkbox"
            checked={notify}
            onChange={(event) => setNotify(event.target.checked)}
            data-testid="walkin-notify"
          />
          <span>{t('admin.walkin.notify')}</span>
        </label>

        {canOverride && (
          <div className={`${forms.field} ${styles.override}`}>
            <label className={forms.label} htmlFor={fieldId('override')}>
              {t('admin.walkin.override')}
              <span className={forms.optional}>{` (${t('booking.form.optional')})`}</span>
            </label>
            <p id={reasonHint} className={forms.hint}>
              {t('admin.walkin.overrideHint')}
            </p>
            <input
              id={fieldId('override')}
              className={forms.input}
              type="text"
              maxLength={MAX_REASON}
              value={reason}
              aria-invalid={errorOf('override') ? true : undefined}
              aria-describedby={describedBy('override', reasonHint)}
              onChange={(event) => setReason(event.target.value)}
              data-testid="walkin-override"
            />
            {fieldError('override')}
          </div>
        )}
      </form>
    </Dialog>
  );
}
