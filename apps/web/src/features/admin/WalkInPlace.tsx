/**
 * Where and when a booking from the agenda goes (docs/back-office.md "Booking from the agenda"):
 * the calendar, the services it offers, the day and the time, preset from the free place.
 */
import { useMemo } from 'react';
import type { AgendaCalendar } from '../../api/admin-agenda.ts';
import { usePart } from '../../i18n/i18n.ts';
import forms from '../../ui/forms/forms.module.css';
import { Icon } from '../../ui/Icon.tsx';
import type { useWalkInForm } from './use-walkin-form.ts';
import { WalkInFieldError } from './WalkInFieldError.tsx';
import styles from './walkin.module.css';
import { minuteFormat } from './walkin-draft.ts';

type WalkInForm = ReturnType<typeof useWalkInForm>;

interface WalkInPlaceProps {
  calendars: readonly AgendaCalendar[];
  form: Pick<WalkInForm, 'id' | 'draft' | 'change' | 'services' | 'fields'>;
}

export function WalkInPlace({ calendars, form }: WalkInPlaceProps) {
  const { t, i18n } = usePart('admin');
  const minutes = useMemo(() => minuteFormat(i18n.language), [i18n.language]);
  const { id, draft, change, services, fields } = form;
  return (
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
            value={draft.calendarId}
            onChange={(event) => change({ calendarId: Number(event.target.value) })}
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
          <label className={forms.label} htmlFor={fields.id('service')}>
            {t('admin.walkin.service')}
          </label>
          <select
            id={fields.id('service')}
            className={forms.input}
            value={draft.serviceId ?? ''}
            disabled={services.isPending || services.offered.length === 0}
            aria-invalid={fields.errorOf('service') ? true : undefined}
            aria-describedby={fields.describedBy('service')}
            onChange={(event) => change({ serviceId: Number(event.target.value) })}
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
          <WalkInFieldError fields={fields} field="service" />
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
            value={draft.date}
            required
            onChange={(event) => change({ date: event.target.value })}
            data-testid="walkin-date"
          />
        </div>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={fields.id('time')}>
            {t('admin.walkin.time')}
          </label>
          <input
            id={fields.id('time')}
            className={forms.input}
            type="time"
            step={300}
            value={draft.time}
            required
            aria-invalid={fields.errorOf('time') ? true : undefined}
            aria-describedby={fields.describedBy('time')}
            onChange={(event) => change({ time: event.target.value })}
            data-testid="walkin-time"
          />
          <WalkInFieldError fields={fields} field="time" />
        </div>
      </div>
    </fieldset>
  );
}
