/**
 * Moving an appointment without a mouse (docs/back-office.md "Appointment detail"): a date, a start
 * among the quarter hours, a calendar the member works on (the agenda lists only those). The server
 * checks the new place like a new booking; its refusal is shown as it comes, and nothing moves.
 */
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMoveAppointment } from '../../api/admin-actions.ts';
import type { AgendaAppointment, AgendaCalendar } from '../../api/admin-agenda.ts';
import { useCalendarServices } from '../../api/admin-walkin.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import forms from '../../ui/forms/forms.module.css';
import { Icon } from '../../ui/Icon.tsx';
import { moveFailureOf, useFailureText } from './action-errors.ts';
import { useAgendaFormat } from './agenda-format.ts';
import { nowInZone } from './agenda-layout.ts';
import styles from './appointment-actions.module.css';
import { DialogButtons, DialogFailure, DialogForm } from './DialogForm.tsx';
import {
  choiceOf,
  type MoveChoice,
  moveProblem,
  quarterHours,
  wallClockEnd,
  wallClockStart,
  wallMinutes,
} from './move-options.ts';

interface MoveFormProps {
  appointment: AgendaAppointment;
  calendars: readonly AgendaCalendar[];
  onBack: () => void;
  /** The move is written: the new local start, for the agenda to follow and the dialog to say. */
  onMoved: (moved: AgendaAppointment) => void;
}

export function MoveForm({ appointment, calendars, onBack, onMoved }: MoveFormProps) {
  const { t } = usePart('admin');
  const { group, locale } = useGroupContext();
  const format = useAgendaFormat();
  const { duration } = useFormatters();
  const move = useMoveAppointment(group.id);
  const id = useId();
  const dateRef = useRef<HTMLInputElement>(null);
  const current = useMemo(() => choiceOf(appointment), [appointment]);
  const [choice, setChoice] = useState<MoveChoice>(current);
  const [problem, setProblem] = useState<ReturnType<typeof moveProblem>>(null);
  const times = useMemo(() => quarterHours(current.time), [current.time]);
  // Bookable calendars only: a resource follows its service and is not chosen by hand.
  const places = calendars.filter((c) => !c.resource);
  const together = appointment.pack_id !== null || appointment.parent_id !== null;
  // Another service fits a booking of one appointment, among those the chosen calendar performs.
  const services = useCalendarServices(group.id, locale, choice.calendarId);
  // On its own calendar the appointment's service is always offered, even one the public list
  // does not show (a service booked only by phone): nothing changes unless someone picks.
  const offered = useMemo(() => {
    const list = services.offered;
    if (choice.calendarId !== current.calendarId || list.some((s) => s.id === current.interventionId))
      return list;
    const length = wallMinutes(appointment.starts_local, appointment.ends_local);
    return [{ id: current.interventionId, name: appointment.intervention_name, length }, ...list];
  }, [services.offered, choice.calendarId, current, appointment]);
  const newService = offered.find((s) => s.id === choice.interventionId && s.id !== current.interventionId);
  const minutes = newService
    ? newService.length
    : wallMinutes(appointment.starts_local, appointment.ends_local);
  useEffect(() => {
    // Another calendar that does not perform the chosen service offers its first one instead.
    if (together || offered.length === 0 || offered.some((s) => s.id === choice.interventionId)) return;
    setChoice((was) => ({ ...was, interventionId: offered[0]!.id }));
  }, [together, offered, choice.interventionId]);
  const failureText = useFailureText();
  const failure = move.isError ? moveFailureOf(move.error) : null;

  useEffect(() => {
    dateRef.current?.focus();
  }, []);

  const change = (next: Partial<MoveChoice>) => {
    setChoice((was) => ({ ...was, ...next }));
    setProblem(null);
    if (move.isError) move.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (move.isPending) return;
    const found = moveProblem(choice, current, nowInZone(new Date(), group.timezone));
    setProblem(found);
    if (found) {
      dateRef.current?.focus();
      return;
    }
    move.mutate(
      {
        appointmentId: appointment.id,
        start: wallClockStart(choice),
        ...(choice.calendarId !== current.calendarId ? { calendarId: choice.calendarId } : {}),
        ...(choice.interventionId !== current.interventionId
          ? { interventionId: choice.interventionId }
          : {}),
      },
      { onSuccess: onMoved },
    );
  };

  const end = wallClockEnd(choice, minutes);
  const problemId = `${id}-problem`;
  return (
    <DialogForm
      title={t('admin.move.title')}
      appointment={appointment}
      calendars={calendars}
      onSubmit={submit}
      testId="move-form"
    >
      <div className={styles.fields}>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-date`}>
            {t('admin.move.date')}
          </label>
          <input
            ref={dateRef}
            id={`${id}-date`}
            className={forms.input}
            type="date"
            required
            min={nowInZone(new Date(), group.timezone).date}
            value={choice.date}
            aria-invalid={problem !== null}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => change({ date: event.target.value })}
            data-testid="move-date"
          />
        </div>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-time`}>
            {t('admin.move.time')}
          </label>
          <select
            id={`${id}-time`}
            className={forms.input}
            value={choice.time}
            onChange={(event) => change({ time: event.target.value })}
            data-testid="move-time"
          >
            {times.map((time) => (
              <option key={time} value={time}>
                {format.time(`2000-01-01T${time}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-calendar`}>
            {t('admin.move.calendar')}
          </label>
          <select
            id={`${id}-calendar`}
            className={forms.input}
            value={choice.calendarId}
            onChange={(event) => change({ calendarId: Number(event.target.value) })}
            data-testid="move-calendar"
          >
            {places.map((calendar) => (
              <option key={calendar.id} value={calendar.id}>
                {calendar.name}
              </option>
            ))}
          </select>
        </div>
        {!together && offered.length > 0 && (
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-service`}>
              {t('admin.detail.service')}
            </label>
            <select
              id={`${id}-service`}
              className={forms.input}
              value={choice.interventionId}
              onChange={(event) => change({ interventionId: Number(event.target.value) })}
              data-testid="move-service"
            >
              {offered.map((service) => (
                <option key={service.id} value={service.id}>
                  {service.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {problem && (
        <p id={problemId} className={forms.error} role="alert" data-testid="move-problem">
          {t(
            problem === 'date'
              ? 'admin.move.invalidDate'
              : problem === 'past'
                ? 'admin.move.past'
                : 'admin.move.unchanged',
          )}
        </p>
      )}
      <p className={styles.preview} data-testid="move-preview">
        <Icon name="clock" size={16} />
        {t('admin.move.preview', {
          date: format.longDate(choice.date.length === 10 ? choice.date : current.date),
          start: format.time(`2000-01-01T${choice.time}`),
          end: format.time(end),
          duration: duration(minutes),
        })}
      </p>
      <p className={styles.hint}>
        {t('admin.move.mailed')}
        {together && ` ${t('admin.move.together')}`}
      </p>
      <DialogFailure text={failure ? failureText(failure) : null} testId="move-error" />
      <DialogButtons
        back={{ text: t('admin.move.back'), onClick: onBack, testId: 'move-back' }}
        go={{
          text: move.isPending ? t('admin.move.moving') : t('admin.move.submit'),
          pending: move.isPending,
          testId: 'move-submit',
        }}
      />
    </DialogForm>
  );
}
