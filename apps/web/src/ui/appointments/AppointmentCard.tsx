/**
 * One appointment of the list (docs/requirements/accounts-and-appointments.md §2 appointments list): date tile, time, service or pack
 * (with a pack tag and its steps), length and price, promotion badge, practitioner, the video
 * button for video consultations, and a menu of what can be done with it.
 */
import type { ListedAppointment } from '../../api/appointments.ts';
import type { Group } from '../../api/group.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useFormatters } from '../../lib/formatters.ts';
import { ExtraIcon } from '../auth/extra-icons.tsx';
import { Icon } from '../Icon.tsx';
import { MenuButton } from '../Menu.tsx';
import type { MenuEntry } from '../menu-types.ts';
import styles from './AppointmentCard.module.css';
import { DateTile } from './DateTile.tsx';
import { VideoButton } from './VideoButton.tsx';

export type AppointmentAction = 'cancel' | 'edit' | 'retake' | 'addToCalendar' | 'goThere';

interface AppointmentCardProps {
  appointment: ListedAppointment;
  group: Pick<Group, 'timezone' | 'display_intervention_price' | 'display_intervention_length'>;
  past: boolean;
  /** The menu's entries, in the spec's order; an empty list hides the menu. */
  actions: readonly AppointmentAction[];
  onAction: (action: AppointmentAction, appointment: ListedAppointment) => void;
  /** The video window closed: the list should refresh. */
  onVideoExpired?: () => void;
}

const ICONS: Record<AppointmentAction, MenuEntry['icon']> = {
  cancel: <ExtraIcon name="trash" />,
  edit: <ExtraIcon name="edit" />,
  retake: <ExtraIcon name="retake" />,
  addToCalendar: <Icon name="calendarCheck" />,
  goThere: <Icon name="pin" />,
};

/** The title of a card: the pack's name for a pack's first appointment, else the service. */
export function appointmentTitle(
  appointment: Pick<ListedAppointment, 'type' | 'pack' | 'intervention_name'>,
) {
  return appointment.type === 'first' && appointment.pack
    ? appointment.pack.name
    : appointment.intervention_name;
}

export function AppointmentCard({
  appointment,
  group,
  past,
  actions,
  onAction,
  onVideoExpired,
}: AppointmentCardProps) {
  const { t } = usePart('account');
  const format = useFormatters(group.timezone);
  const title = appointmentTitle(appointment);
  const isPack = appointment.type === 'first';
  const steps = isPack ? appointment.interventions : [];
  // A pack's items carry only their starts: its steps tell the times, the card its start.
  const end = isPack ? null : appointment.end;
  const minutes = Math.round(
    (new Date(appointment.end).getTime() - new Date(appointment.start).getTime()) / 60_000,
  );
  const length = isPack ? 0 : appointment.duration || minutes;
  const price = appointment.price_amount;
  const practitioner = appointment.calendar_name;
  const video = appointment.video_credentials;

  return (
    <article
      className={[styles.card, past && styles.past].filter(Boolean).join(' ')}
      aria-labelledby={`apt-${appointment.id}-title`}
      data-testid="appointment-card"
      data-appointment-id={appointment.id}
    >
      <DateTile start={appointment.start} timeZone={group.timezone} past={past} />
      <div className={styles.body}>
        <p className={styles.when}>
          <span className="visually-hidden">{format.date(appointment.start)}, </span>
          <Icon name="clock" size={16} />
          {end
            ? t('account.appointments.timeSpan', {
                start: format.time(appointment.start),
                end: format.time(end),
              })
            : format.time(appointment.start)}
        </p>
        <h3 id={`apt-${appointment.id}-title`} className={styles.title}>
          {title}
        </h3>
        <ul className={styles.meta} aria-label={t('account.appointments.details')}>
          {isPack && (
            <li className={`${styles.badge} ${styles.packBadge}`} data-testid="pack-tag">
              {t('account.appointments.pack')}
            </li>
          )}
          {appointment.is_promoted && appointment.promotion ? (
            <li className={`${styles.badge} ${styles.promoBadge}`} data-testid="promotion-badge">
              <span aria-hidden="true">-{appointment.promotion}%</span>
              <span className="visually-hidden">
                {t('account.appointments.promotion', { percent: appointment.promotion })}
              </span>
            </li>
          ) : null}
          {video && (
            <li className={styles.badge}>
              <Icon name="video" size={14} />
              {t('account.appointments.videoCall')}
            </li>
          )}
          {group.display_intervention_length && length > 0 && <li>{format.duration(length)}</li>}
          {group.display_intervention_price && price != null && <li>{format.price(price)}</li>}
          {practitioner && <li>{t('account.appointments.with', { name: practitioner })}</li>}
          {appointment.resource && <li>{appointment.resource.name}</li>}
        </ul>
        {steps.length > 0 && (
          <ol className={styles.steps} aria-label={t('account.appointments.steps')}>
            <li>
              <span className={styles.stepTime}>{format.time(appointment.start)}</span>{' '}
              {appointment.intervention_name}
            </li>
            {steps.map((step) => (
              <li key={step.apt_id}>
                <span className={styles.stepTime}>{format.time(step.start)}</span> {step.intervention_name}
              </li>
            ))}
          </ol>
        )}
        {video && !past && (
          <div className={styles.video}>
            <VideoButton
              start={appointment.start}
              url={video.url}
              timeZone={group.timezone}
              onExpired={onVideoExpired}
            />
          </div>
        )}
      </div>
      {actions.length > 0 && (
        <div className={styles.menu}>
          <MenuButton
            testId="appointment-menu"
            triggerClassName={styles.menuTrigger}
            menuLabel={t('account.appointments.menuLabel', { title })}
            trigger={
              <>
                <ExtraIcon name="more" />
                <span className="visually-hidden">
                  {t('account.appointments.menuTrigger', { title, date: format.date(appointment.start) })}
                </span>
              </>
            }
            sections={[
              {
                id: 'actions',
                entries: actions.map((action) => ({
                  id: action,
                  label: t(`account.appointments.actions.${action}`),
                  icon: ICONS[action],
                })),
              },
            ]}
            onAction={(id) => onAction(id as AppointmentAction, appointment)}
          />
        </div>
      )}
    </article>
  );
}
