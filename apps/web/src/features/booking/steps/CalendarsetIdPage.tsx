/**
 * Step "calendarset_id" — calendar sets such as sites (docs/requirements/booking-flow.md §2 screen 3): grid or list (list
 * without images or grid mode; thumbnails 510 or 128), only sets where a calendar performs the
 * chosen services, passed over when none remains; a call-centre professional also sees sets
 * without a public name (the API sends them to such professionals only).
 */
import { pickCalendarset } from '@creneau/core/booking/selection';
import { useCallback } from 'react';
import type { Calendarset } from '../../../api/calendarsets.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { calendarsetsToShow, displayName, performedIds } from '../catalogue-filters.ts';
import { ChoiceList, displayMode } from '../parts/ChoiceList.tsx';
import { StepHeader } from '../parts/StepHeader.tsx';
import { StepEmpty, StepError, StepLoading } from '../parts/StepState.tsx';
import { useAutoPick, useSkipStep } from '../use-auto-pick.ts';
import { useBooking } from '../use-booking.ts';
import { useCatalogue } from '../use-catalogue.ts';

const STEP = 'calendarset_id';

export function CalendarsetIdPage() {
  const { t } = useTranslation();
  const booking = useBooking();
  const { group, selection, steps, startContext, choice } = booking;
  const step = steps.find((s) => s.name === STEP);
  const catalogue = useCatalogue(['calendarsets', 'services']);
  const services = catalogue.services;
  const sets = catalogue.loading
    ? null
    : calendarsetsToShow(
        catalogue.calendarsets.filter((s) => s.calendars.length > 0),
        performedIds(selection.intervention_ids, services),
        group.calendars_interventions_links ?? {},
      );

  const pick = useCallback(
    (set: Calendarset | null, auto = false) =>
      choice(
        STEP,
        (state) => ({ selection: pickCalendarset(state.selection, set?.id ?? null, startContext) }),
        services,
        {
          auto,
          calendarsetCount: set ? 1 : 0,
        },
      ),
    [choice, services, startContext],
  );
  const autoPicking = useAutoPick(
    step,
    sets,
    useCallback((set: Calendarset) => pick(set, true), [pick]),
  );
  const skipping = useSkipStep(
    sets !== null && sets.length === 0,
    useCallback(() => pick(null, true), [pick]),
  );

  return (
    <>
      <StepHeader step={STEP} />
      {catalogue.error ? (
        <StepError onRetry={catalogue.refetch} />
      ) : !sets || autoPicking || skipping ? (
        <StepLoading label={t('booking.loading.calendarsets')} />
      ) : sets.length === 0 ? (
        <StepEmpty text={t('messages.noCalendarsAvailable')} />
      ) : (
        <ChoiceList
          label={t('steps.calendarset_id.title')}
          testId="calendarset-list"
          mode={displayMode(
            group.grid_list_mode?.has_calendarsets_tab,
            sets.map((s) => ({ image: s.thumbnail })),
          )}
          items={sets.map((set) => ({
            key: String(set.id),
            title: displayName(set),
            description: set.description,
            image: set.thumbnail,
            icon: 'pin',
            selected: selection.calendarset_id === set.id,
            details: { type: 'calendarset', id: set.id },
            testId: `calendarset-${set.id}`,
          }))}
          onPick={(item) => pick(sets.find((s) => String(s.id) === item.key) ?? null)}
        />
      )}
    </>
  );
}
