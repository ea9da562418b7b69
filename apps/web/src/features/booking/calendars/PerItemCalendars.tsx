/**
 * A booking with a pack chooses its calendars per item (docs/requirements/booking-flow.md §2
 * screen 4): one choice per service of each pack, and per other service — "no preferences" by
 * default when the step allows it, else the pack's configured calendar or the first; fixed when
 * only one calendar performs the service.
 */
import { useId, useState } from 'react';
import type { Calendar } from '../../../api/calendars.ts';
import type { Intervention } from '../../../api/interventions.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { calendarsToShow, displayName, type Links, packItemIds } from '../catalogue-filters.ts';
import type { ItemCalendars } from '../sequence.ts';
import styles from '../steps/CalendarIdPage.module.css';
import { useBooking } from '../use-booking.ts';

interface PerItemProps {
  items: readonly Intervention[];
  services: readonly Intervention[];
  calendars: readonly Calendar[];
  inSet: Set<number> | undefined;
  links: Links;
  allowAny: boolean;
  onDone: (itemCalendars: ItemCalendars) => void;
}

export function PerItemCalendars({
  items,
  services,
  calendars,
  inSet,
  links,
  allowAny,
  onDone,
}: PerItemProps) {
  const { t } = useTranslation();
  const id = useId();
  const { itemCalendars } = useBooking();
  const rows = items.flatMap((item) =>
    (item.type === 'pack' ? packItemIds(item) : [item.id]).map((serviceId, k) => {
      const options = calendarsToShow(calendars, [serviceId], inSet, links);
      const preset =
        itemCalendars[item.id]?.[k] ??
        (item.type === 'pack'
          ? (item.config?.filter((c) => c.intervention_id > 0)[k]?.selectedCalendar ?? null)
          : null);
      return {
        key: `${item.id}-${k}`,
        itemId: item.id,
        index: k,
        pack: item.type === 'pack' ? item : null,
        service: services.find((s) => s.id === serviceId),
        options,
        initial:
          options.length === 1
            ? options[0]!.id
            : options.some((c) => c.id === preset)
              ? preset
              : allowAny
                ? null
                : (options[0]?.id ?? null),
      };
    }),
  );
  const [choices, setChoices] = useState<Record<string, number | null>>(() =>
    Object.fromEntries(rows.map((r) => [r.key, r.initial])),
  );
  const submit = () => {
    const result: ItemCalendars = {};
    for (const row of rows) {
      const list = result[row.itemId] ?? [];
      list[row.index] = choices[row.key] ?? null;
      result[row.itemId] = list;
    }
    onDone(result);
  };
  let lastPack: number | null = null;
  return (
    <form
      className={styles.perItem}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="per-item-calendars"
    >
      <p className={styles.intro}>{t('booking.calendars.perItem')}</p>
      {rows.map((row) => {
        const heading = row.pack && row.pack.id !== lastPack ? row.pack : null;
        if (row.pack) lastPack = row.pack.id;
        const selectId = `${id}-${row.key}`;
        const single = row.options.length === 1;
        return (
          <div key={row.key} className={styles.row}>
            {heading && (
              <p className={styles.packName}>
                <Icon name="star" size={16} />
                {displayName(heading)}
              </p>
            )}
            <label className={styles.label} htmlFor={selectId}>
              {row.service ? displayName(row.service) : t('booking.item.pack')}
            </label>
            <select
              id={selectId}
              className={styles.select}
              value={choices[row.key] ?? ''}
              disabled={single}
              onChange={(event) =>
                setChoices((current) => ({
                  ...current,
                  [row.key]: event.target.value ? Number(event.target.value) : null,
                }))
              }
              data-testid={`item-calendar-${row.key}`}
            >
              {!single && allowAny && <option value="">{t('messages.noPreferences')}</option>}
              {row.options.map((calendar) => (
                <option key={calendar.id} value={calendar.id}>
                  {displayName(calendar)}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      <div className={styles.actions}>
        <Button type="submit" data-testid="item-calendars-continue">
          {t('booking.continue')}
          <Icon name="forward" size={18} />
        </Button>
      </div>
    </form>
  );
}
