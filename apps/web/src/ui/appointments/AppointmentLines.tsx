/**
 * How an appointment (or a pack with its steps) reads in the cancel dialog: date tile, time span,
 * service or pack name, length, the pack's steps and the person it is for (docs/requirements/accounts-and-appointments.md §2).
 */
import type { BookedAppointment } from '../../api/appointment-create.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useFormatters } from '../../lib/formatters.ts';
import styles from './appointments.module.css';
import type { CancelUnit } from './cancel-plan.ts';
import { DateTile } from './DateTile.tsx';

/** The title of a line: the pack's name for a pack, else the service. */
export function unitTitle(unit: CancelUnit<BookedAppointment>): string {
  return unit.head.type === 'first' && unit.head.pack ? unit.head.pack.name : unit.head.intervention_name;
}

/** The end of a line: its last appointment's end. */
function unitEnd(unit: CancelUnit<BookedAppointment>): string {
  const last = unit.included[unit.included.length - 1] ?? unit.head;
  return last.end;
}

export function CancelUnitSummary({
  unit,
  timeZone,
  titleId,
}: {
  unit: CancelUnit<BookedAppointment>;
  timeZone: string;
  titleId?: string;
}) {
  const { t } = usePart('account');
  const format = useFormatters(timeZone);
  const end = unitEnd(unit);
  const minutes = Math.round((new Date(end).getTime() - new Date(unit.head.start).getTime()) / 60_000);
  const steps = unit.head.type === 'first' ? [unit.head, ...unit.included] : [];
  const person = [unit.head.fiche?.firstname, unit.head.fiche?.lastname].filter(Boolean).join(' ');
  return (
    <div className={styles.summary}>
      <DateTile start={unit.head.start} timeZone={timeZone} small />
      <div className={styles.summaryText}>
        <strong id={titleId} className={styles.summaryTitle}>
          {unitTitle(unit)}
        </strong>
        <span>
          <span className="visually-hidden">{format.date(unit.head.start)}, </span>
          {t('account.appointments.timeSpan', { start: format.time(unit.head.start), end: format.time(end) })}
          {minutes > 0 && ` · ${format.duration(minutes)}`}
        </span>
        {steps.length > 1 && (
          <ol className={styles.steps} aria-label={t('account.appointments.steps')}>
            {steps.map((step) => (
              <li key={step.id}>
                <span className={styles.stepTime}>{format.time(step.start)}</span> {step.intervention_name}
              </li>
            ))}
          </ol>
        )}
        {person && <span>{t('account.appointments.forPerson', { name: person })}</span>}
      </div>
    </div>
  );
}
