/**
 * The booking summary (docs/requirements/booking-flow.md §2): the chosen date and time and the chosen services and packs
 * (only the first of merged services), with their calendar, set and resource. With several
 * appointments allowed (max_multirdvs above 1) the visitor adds another one (while allowed: spec
 * docs/requirements/booking-flow.md §4), replaces or removes one, and reorders them by dragging the handle or, from the keyboard,
 * by picking the handle up with Space and moving it with the arrow keys.
 */
import { canAddAppointment } from '@creneau/core/booking/service-choice';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useFormatters } from '../../../lib/formatters.ts';
import { useMedia } from '../../../lib/use-media.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { useBookingStore } from '../booking-store.ts';
import { chosenItems, displayName } from '../catalogue-filters.ts';
import { useBooking } from '../use-booking.ts';
import { useCatalogue } from '../use-catalogue.ts';
import styles from './BookingSummary.module.css';
import { SummaryItem } from './SummaryItem.tsx';
import { SummaryTitle } from './SummaryTitle.tsx';
import { useReorder } from './use-reorder.ts';

export function BookingSummary() {
  const { t } = useTranslation();
  const format = useFormatters();
  const booking = useBooking();
  const { group, selection, itemCalendars, sequence, max, steps } = booking;
  const catalogue = useCatalogue(['services', 'calendars', 'calendarsets']);
  const editingBooking = useBookingStore((s) => s.editingBooking);
  const groups = booking.groupsOf(catalogue.services);
  // Phones and tablets: the summary sits above the step, folded to one line until opened.
  const narrow = useMedia('(max-width: 959px)');
  const [open, setOpen] = useState(false);
  const folded = narrow && !open;
  const items = groups.map((g) => catalogue.services.find((s) => s.id === g[0]));
  const editing = sequence.editing !== null;
  const canEdit = !editing && steps.some((s) => s.name === 'intervention_ids');
  const reorder = useReorder(groups.length, (from, to) => booking.reorder(groups, from, to));
  const add = canAddAppointment({
    count: groups.length,
    max,
    modifying: false,
    services: chosenItems(selection.intervention_ids, catalogue.services),
    slotPromoted: selection.slot_promotion !== null,
    governmentRequest: group.profile?.ants_group,
  });

  if (catalogue.loading && items.every((i) => !i)) return null;

  const calendarName = (id: number | null | undefined) => {
    const calendar = catalogue.calendars.find((c) => c.id === id);
    return calendar ? displayName(calendar) : null;
  };
  const sharedCalendar =
    selection.calendar_id !== null
      ? calendarName(selection.calendar_id)
      : selection.calendar_ids.length > 0
        ? t('messages.noPreferences')
        : null;
  const set = catalogue.calendarsets.find((s) => s.id === selection.calendarset_id);
  const resource = catalogue.calendars.find((c) => c.id === selection.resource_id);

  return (
    <section className={styles.summary} data-testid="booking-summary" aria-labelledby="booking-summary-title">
      <SummaryTitle
        editing={editing}
        narrow={narrow}
        open={open}
        onToggle={() => setOpen(!open)}
        oneLine={[
          items[0] ? displayName(items[0]) : null,
          groups.length > 1 ? `+${groups.length - 1}` : null,
          selection.slots ? `${format.date(selection.slots)} · ${format.time(selection.slots)}` : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      />
      <div id="booking-summary-body" className={styles.body} hidden={folded}>
        {editing && editingBooking?.[0] && (
          <p className={styles.was}>
            {t('booking.summary.currently', { when: format.dateTime(editingBooking[0].start) })}
          </p>
        )}
        {selection.slots ? (
          <p className={styles.when} data-testid="summary-when">
            <Icon name="calendar" size={18} />
            <span>
              <strong>{format.date(selection.slots)}</strong>
              <span className={styles.time}>{format.time(selection.slots)}</span>
            </span>
          </p>
        ) : null}
        <ol className={styles.items} {...reorder.listProps}>
          {groups.map((ids, index) => {
            const item = items[index];
            if (!item) return null;
            const own = itemCalendars[item.id] ?? [];
            return (
              <SummaryItem
                key={ids.join('-')}
                item={item}
                index={index}
                total={groups.length}
                calendar={own[0] ? calendarName(own[0]) : sharedCalendar}
                own={own}
                services={catalogue.services}
                calendars={catalogue.calendars}
                canEdit={canEdit}
                reorder={reorder}
                onReplace={() => booking.change({ kind: 'replace', index })}
                onRemove={() => booking.remove(ids)}
              />
            );
          })}
        </ol>
        {(set || resource) && (
          <ul className={styles.facts}>
            {set && (
              <li>
                <Icon name="pin" size={16} />
                {displayName(set)}
              </li>
            )}
            {resource && (
              <li>
                <Icon name="tag" size={16} />
                {displayName(resource)}
              </li>
            )}
          </ul>
        )}
        {canEdit && max > 1 && (
          <div className={styles.footer}>
            {add.allowed ? (
              <Button
                variant="secondary"
                size="s"
                block
                onClick={() => booking.change({ kind: 'add' })}
                data-testid="summary-add"
              >
                <Icon name="sparkle" size={18} />
                {t('booking.summary.add')}
              </Button>
            ) : (
              <p className={styles.hint}>{t(`booking.summary.cannotAdd.${add.reason}`, { max })}</p>
            )}
          </div>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {reorder.announcement
          ? t('booking.summary.moved', { position: reorder.announcement.position, total: groups.length })
          : ''}
      </p>
    </section>
  );
}
