/**
 * The agenda's toolbar (docs/back-office.md "Agenda"): paging by day or week, back to today, a date
 * field, the day or week switch and, with several calendars shown, one column per calendar or the
 * calendars together.
 */
import { addDays } from '@creneau/core/validation/calendar-date';
import { useId } from 'react';
import { usePart } from '../../i18n/i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import styles from './admin.module.css';
import type { AgendaView } from './agenda-layout.ts';

interface AgendaToolbarProps {
  view: AgendaView;
  onView: (view: AgendaView) => void;
  /** The day the agenda is on (the week around it). */
  anchor: string;
  onAnchor: (day: string) => void;
  today: string;
  together: boolean;
  onTogether: (together: boolean) => void;
  /** Several calendars shown: the calendars-together switch is offered. */
  canJoin: boolean;
}

export function AgendaToolbar({
  view,
  onView,
  anchor,
  onAnchor,
  today,
  together,
  onTogether,
  canJoin,
}: AgendaToolbarProps) {
  const { t } = usePart('admin');
  const dateId = useId();
  const step = view === 'week' ? 7 : 1;
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('admin.toolbar')}>
      <div className={styles.paging}>
        <Button
          variant="secondary"
          iconOnly
          onClick={() => onAnchor(addDays(anchor, -step))}
          aria-label={view === 'week' ? t('admin.nav.previousWeek') : t('admin.nav.previousDay')}
          data-testid="agenda-previous"
        >
          <Icon name="back" />
        </Button>
        <Button variant="secondary" onClick={() => onAnchor(today)} data-testid="agenda-today">
          {t('admin.nav.today')}
        </Button>
        <Button
          variant="secondary"
          iconOnly
          onClick={() => onAnchor(addDays(anchor, step))}
          aria-label={view === 'week' ? t('admin.nav.nextWeek') : t('admin.nav.nextDay')}
          data-testid="agenda-next"
        >
          <Icon name="forward" />
        </Button>
        <label className={styles.dateField} htmlFor={dateId}>
          <span className="visually-hidden">{t('admin.nav.date')}</span>
          <input
            id={dateId}
            type="date"
            value={anchor}
            onChange={(event) => {
              if (/^\d{4}-\d{2}-\d{2}$/.test(event.target.value)) onAnchor(event.target.value);
            }}
            data-testid="agenda-date"
          />
        </label>
      </div>
      <fieldset className={styles.viewSwitch}>
        <legend className="visually-hidden">{t('admin.view.label')}</legend>
        {(['day', 'week'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className={styles.viewButton}
            aria-pressed={view === option}
            onClick={() => onView(option)}
            data-testid={`agenda-view-${option}`}
          >
            {t(`admin.view.${option}`)}
          </button>
        ))}
      </fieldset>
      {canJoin && (
        <fieldset className={styles.viewSwitch} data-testid="agenda-layout">
          <legend className="visually-hidden">{t('admin.layout.label')}</legend>
          {([false, true] as const).map((option) => (
            <button
              key={String(option)}
              type="button"
              className={styles.viewButton}
              aria-pressed={together === option}
              onClick={() => onTogether(option)}
              data-testid={option ? 'agenda-layout-together' : 'agenda-layout-calendars'}
            >
              {t(option ? 'admin.layout.together' : 'admin.layout.perCalendar')}
            </button>
          ))}
        </fieldset>
      )}
    </div>
  );
}
