/**
 * Step "calendar_id" — the practitioner or agenda (docs/requirements/booking-flow.md §2 screen 4): calendars (of the chosen
 * site) performing every chosen service, public name else name, and "no preferences" (all of them)
 * when the step allows it and there is more than one. A booking with a pack chooses per item
 * instead: each service of the pack (and each other service) gets its own choice, "no
 * preferences" by default, fixed when only one calendar performs it. Passed over when the chosen
 * services are skippable_agenda. Empty: noCalendarsAvailable.
 */
import { pickCalendars } from '@creneau/core/booking/selection';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Calendar } from '../../../api/calendars.ts';
import type { Intervention } from '../../../api/interventions.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import {
  calendarsOfSet,
  calendarsToShow,
  chosenFacts,
  chosenItems,
  displayName,
  type Links,
  packItemIds,
} from '../catalogue-filters.ts';
import { ChoiceList, displayMode } from '../parts/ChoiceList.tsx';
import { StepHeader } from '../parts/StepHeader.tsx';
import { StepEmpty, StepError, StepLoading } from '../parts/StepState.tsx';
import type { ItemCalendars } from '../sequence.ts';
import { useAutoPick, useSkipStep } from '../use-auto-pick.ts';
import { useBooking } from '../use-booking.ts';
import { useCatalogue } from '../use-catalogue.ts';
import styles from './CalendarIdPage.module.css';

const STEP = 'calendar_id';
const ANY = 'any';

export function CalendarIdPage() {
  const { t } = useTranslation();
  const booking = useBooking();
  const { group, selection, steps, startContext, choice, sequence } = booking;
  const step = steps.find((s) => s.name === STEP);
  const catalogue = useCatalogue(['calendars', 'services', 'calendarsets']);
  const services = catalogue.services;
  const links = group.calendars_interventions_links ?? {};
  const inSet = calendarsOfSet(catalogue.calendarsets, selection.calendarset_id);
  const items = chosenItems(selection.intervention_ids, services);
  const packMode = items.some((i) => i.type === 'pack');
  const facts = chosenFacts(selection.intervention_ids, services);
  const skippable = !catalogue.loading && facts.length > 0 && facts.every((f) => f.skippable_agenda);
  const calendars = catalogue.loading
    ? null
    : calendarsToShow(
        catalogue.calendars,
        items.map((i) => i.id),
        inSet,
        links,
      );
  const withAny = Boolean(step?.any) && (calendars?.length ?? 0) > 1;

  const pick = useCallback(
    (ids: number[], auto = false) =>
      choice(
        STEP,
        (state) => ({ selection: pickCalendars(state.selection, ids, startContext), itemCalendars: {} }),
        services,
        { auto },
      ),
    [choice, services, startContext],
  );
  const autoPicking = useAutoPick(
    packMode ? undefined : step,
    calendars,
    useCallback((c: Calendar) => pick([c.id], true), [pick]),
  );
  const skipping = useSkipStep(
    skippable,
    useCallback(() => pick([], true), [pick]),
  );

  const chosenAny = selection.calendar_ids.length > 0 && sequence.done.includes(STEP);

  let content: ReactNode;
  if (catalogue.error) content = <StepError onRetry={catalogue.refetch} />;
  else if (catalogue.loading || autoPicking || skipping)
    content = <StepLoading label={t('booking.loading.calendars')} />;
  else if (packMode)
    content = (
      <PerItemCalendars
        items={items}
        services={services}
        calendars={catalogue.calendars}
        inSet={inSet}
        links={links}
        allowAny={step?.any ?? true}
        onDone={(itemCalendars) =>
          choice(
            STEP,
            (state) => ({
              selection: pickCalendars(state.selection, [], startContext),
              itemCalendars,
            }),
            services,
          )
        }
      />
    );
  else if (!calendars || calendars.length === 0)
    content = <StepEmpty text={t('messages.noCalendarsAvailable')} />;
  else
    content = (
      <ChoiceList
        label={t('steps.calendar_id.title')}
        testId="calendar-list"
        mode={displayMode(
          group.grid_list_mode?.has_calendars_tab,
          calendars.map((c) => ({ image: c.thumbnail })),
        )}
        items={[
          ...(withAny
            ? [
                {
                  key: ANY,
                  title: t('messages.noPreferences'),
                  meta: t('booking.calendars.anyHint'),
                  icon: 'sparkle' as const,
                  selected: chosenAny,
                  testId: 'calendar-any',
                },
              ]
            : []),
          ...calendars.map((calendar) => ({
            key: String(calendar.id),
            title: displayName(calendar),
            description: group.display_calendar_info ? calendar.description : null,
            image: calendar.thumbnail,
            icon: 'user' as const,
            selected: selection.calendar_id === calendar.id,
            details: { type: 'calendar' as const, id: calendar.id },
            testId: `calendar-${calendar.id}`,
          })),
        ]}
        onPick={(item) => pick(item.key === ANY ? calendars.map((c) => c.id) : [Number(item.key)])}
      />
    );

  return (
    <>
      <StepHeader step={STEP} />
      {content}
    </>
  );
}

interface PerItemProps {
  items: readonly Intervention[];
  services: readonly Intervention[];
  calendars: readonly Calendar[];
  inSet: Set<number> | undefined;
  links: Links;
  allowAny: boolean;
  onDone: (itemCalendars: ItemCalendars) => void;
}

/** One calendar choice per service of each pack, and per other service. */
function PerItemCalendars({ items, services, calendars, inSet, links, allowAny, onDone }: PerItemProps) {
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
