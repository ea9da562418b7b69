/**
 * Step "calendar_id" — the practitioner or agenda (docs/requirements/booking-flow.md §2 screen 4): calendars (of the chosen
 * site) performing every chosen service, public name else name, and "no preferences" (all of them)
 * when the step allows it and there is more than one. A booking with a pack chooses per item
 * instead: each service of the pack (and each other service) gets its own choice, "no
 * preferences" by default, fixed when only one calendar performs it. Passed over when the chosen
 * services are skippable_agenda. Empty: noCalendarsAvailable. The per-item choice is
 * calendars/PerItemCalendars.
 */
import { pickCalendars } from '@creneau/core/booking/selection';
import { type ReactNode, useCallback } from 'react';
import type { Calendar } from '../../../api/calendars.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { PerItemCalendars } from '../calendars/PerItemCalendars.tsx';
import {
  calendarsOfSet,
  calendarsToShow,
  chosenFacts,
  chosenItems,
  displayName,
} from '../catalogue-filters.ts';
import { ChoiceList, displayMode } from '../parts/ChoiceList.tsx';
import { StepHeader } from '../parts/StepHeader.tsx';
import { StepEmpty, StepError, StepLoading } from '../parts/StepState.tsx';
import { useAutoPick, useSkipStep } from '../use-auto-pick.ts';
import { useBooking } from '../use-booking.ts';
import { useCatalogue } from '../use-catalogue.ts';

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
