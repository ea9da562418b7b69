/**
 * The booking summary (docs/requirements/booking-flow.md §2): the chosen date and time and the chosen services and packs
 * (only the first of merged services), with their calendar, set and resource. With several
 * appointments allowed (max_multirdvs above 1) the visitor adds another one (while allowed: spec
 * docs/requirements/booking-flow.md §4), replaces or removes one, and reorders them by dragging the handle or, from the keyboard,
 * by picking the handle up with Space and moving it with the arrow keys.
 */
import { canAddAppointment } from '@creneau/core/booking/service-choice';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Calendar } from '../../../api/calendars.ts';
import type { Intervention } from '../../../api/interventions.ts';
import { useFormatters } from '../../../lib/formatters.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { useBookingStore } from '../booking-store.ts';
import { bestPromotion, chosenItems, displayName, packItemIds } from '../catalogue-filters.ts';
import { useBooking } from '../use-booking.ts';
import { useCatalogue } from '../use-catalogue.ts';
import styles from './BookingSummary.module.css';
import { useReorder } from './use-reorder.ts';

/** True while the media query matches. */
function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    list.addEventListener('change', update);
    update();
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

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
      <h2 id="booking-summary-title" className={styles.title}>
        {narrow ? (
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls="booking-summary-body"
            onClick={() => setOpen(!open)}
            data-testid="summary-toggle"
          >
            <span className={styles.toggleText}>
              <span>{editing ? t('booking.summary.editingTitle') : t('booking.summary.title')}</span>
              {folded && (
                <span className={styles.oneLine}>
                  {[
                    items[0] ? displayName(items[0]) : null,
                    groups.length > 1 ? `+${groups.length - 1}` : null,
                    selection.slots
                      ? `${format.date(selection.slots)} · ${format.time(selection.slots)}`
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              )}
            </span>
            <Icon name="chevronDown" size={20} className={open ? styles.flipped : undefined} />
          </button>
        ) : editing ? (
          t('booking.summary.editingTitle')
        ) : (
          t('booking.summary.title')
        )}
      </h2>
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
              <li
                key={ids.join('-')}
                className={styles.item}
                data-testid="summary-item"
                {...reorder.itemProps(index)}
              >
                {canEdit && groups.length > 1 && (
                  <button
                    type="button"
                    className={styles.handle}
                    aria-label={t('booking.summary.move', {
                      name: displayName(item),
                      position: index + 1,
                      total: groups.length,
                    })}
                    aria-pressed={reorder.grabbed === index}
                    {...reorder.handleProps(index)}
                    data-testid="summary-move"
                  >
                    <Icon name="menu" size={18} />
                  </button>
                )}
                <div className={styles.itemBody}>
                  <p className={styles.itemName}>
                    {displayName(item)}
                    {item.type === 'pack' && <span className={styles.chip}>{t('booking.pack')}</span>}
                  </p>
                  <ItemMeta item={item} />
                  {item.type === 'pack' && (
                    <PackLines
                      item={item}
                      services={catalogue.services}
                      calendars={catalogue.calendars}
                      own={own}
                    />
                  )}
                  {item.type !== 'pack' && (own[0] ? calendarName(own[0]) : sharedCalendar) && (
                    <p className={styles.with}>
                      <Icon name="user" size={16} />
                      {own[0] ? calendarName(own[0]) : sharedCalendar}
                    </p>
                  )}
                </div>
                {canEdit && (
                  <div className={styles.actions}>
                    <button
                      type="button"
                      className={styles.iconButton}
                      onClick={() => booking.change({ kind: 'replace', index })}
                      aria-label={t('booking.summary.replace', { name: displayName(item) })}
                      data-testid="summary-replace"
                    >
                      <Icon name="swap" size={18} />
                    </button>
                    {groups.length > 1 && (
                      <button
                        type="button"
                        className={styles.iconButton}
                        onClick={() => booking.remove(ids)}
                        aria-label={t('booking.summary.remove', { name: displayName(item) })}
                        data-testid="summary-remove"
                      >
                        <Icon name="close" size={18} />
                      </button>
                    )}
                  </div>
                )}
              </li>
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

function ItemMeta({ item }: { item: Intervention }) {
  const { t } = useTranslation();
  const { group } = useBooking();
  const format = useFormatters();
  const parts: string[] = [];
  if (group.display_intervention_length && item.length) parts.push(format.duration(item.length));
  const price = item.price ?? item.total_price ?? null;
  if (group.display_intervention_price && price !== null) parts.push(format.price(price));
  const promotion = bestPromotion(item);
  if (parts.length === 0 && !promotion) return null;
  return (
    <p className={styles.meta}>
      {parts.join(' · ')}
      {promotion > 0 && (
        <span className={styles.promo}>{t('booking.promotionUpTo', { percent: promotion })}</span>
      )}
    </p>
  );
}

function PackLines({
  item,
  services,
  calendars,
  own,
}: {
  item: Intervention;
  services: readonly Intervention[];
  calendars: readonly Calendar[];
  own: readonly (number | null)[];
}) {
  const { t } = useTranslation();
  return (
    <ul className={styles.packItems}>
      {packItemIds(item).map((id, k) => {
        const service = services.find((s) => s.id === id);
        const calendar = calendars.find((c) => c.id === own[k]);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a pack may hold the same service twice; its order is fixed
          <li key={`${id}-${k}`}>
            {service ? displayName(service) : t('booking.pack')}
            {calendar && <span className={styles.packWith}> · {displayName(calendar)}</span>}
          </li>
        );
      })}
    </ul>
  );
}
