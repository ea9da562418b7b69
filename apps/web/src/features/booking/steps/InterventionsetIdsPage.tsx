/**
 * Step "interventionset_ids" — service categories (docs/requirements/booking-flow.md §2 screen 1): list or grid per the
 * group's grid_list_mode, each with an info button for its description; only categories holding a
 * service offered (at the chosen site, if any) are shown; a unique category is picked by itself
 * when the step says so. Empty: noInterventionSetsAvailable.
 */
import { useCallback } from 'react';
import type { Interventionset } from '../../../api/interventionsets.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import {
  calendarsOfSet,
  categoriesToShow,
  displayName,
  isOffered,
  performedServices,
} from '../catalogue-filters.ts';
import { ChoiceList, displayMode } from '../parts/ChoiceList.tsx';
import { StepHeader } from '../parts/StepHeader.tsx';
import { StepEmpty, StepError, StepLoading } from '../parts/StepState.tsx';
import { useAutoPick } from '../use-auto-pick.ts';
import { useBooking } from '../use-booking.ts';
import { useCatalogue } from '../use-catalogue.ts';

const STEP = 'interventionset_ids';

export function InterventionsetIdsPage() {
  const { t } = useTranslation();
  const booking = useBooking();
  const { group, selection, steps } = booking;
  const step = steps.find((s) => s.name === STEP);
  const catalogue = useCatalogue(['interventionsets', 'services', 'calendarsets']);
  const performed = performedServices(
    group.calendars_interventions_links ?? {},
    calendarsOfSet(catalogue.calendarsets, selection.calendarset_id),
  );
  const offered = catalogue.services.filter((s) => isOffered(s, performed));
  const categories = catalogue.loading ? null : categoriesToShow(catalogue.interventionsets, offered);
  const { choice } = booking;
  const services = catalogue.services;

  const pick = useCallback(
    (set: Interventionset, auto = false) =>
      choice(
        STEP,
        (state) => ({ selection: { ...state.selection, interventionset_ids: [set.id] } }),
        services,
        {
          auto,
        },
      ),
    [choice, services],
  );
  const autoPicking = useAutoPick(
    step,
    categories,
    useCallback((set: Interventionset) => pick(set, true), [pick]),
  );

  return (
    <>
      <StepHeader step={STEP} />
      {catalogue.error ? (
        <StepError onRetry={catalogue.refetch} />
      ) : !categories || autoPicking ? (
        <StepLoading label={t('booking.loading.interventionsets')} />
      ) : categories.length === 0 ? (
        <StepEmpty text={t('messages.noInterventionSetsAvailable')} />
      ) : (
        <ChoiceList
          label={t('steps.interventionset_ids.title')}
          testId="category-list"
          mode={displayMode(
            group.grid_list_mode?.has_interventionsets_tab,
            categories.map((c) => ({ image: c.thumbnail })),
          )}
          items={categories.map((set) => ({
            key: String(set.id),
            title: displayName(set),
            description: set.description,
            image: set.thumbnail,
            icon: 'list',
            meta: t('booking.item.services', {
              count: set.interventions.filter((id) => offered.some((s) => s.id === id)).length,
            }),
            selected: selection.interventionset_ids.includes(set.id),
            details: { type: 'interventionset', id: set.id },
            testId: `category-${set.id}`,
          }))}
          onPick={(item) => {
            const set = categories.find((c) => String(c.id) === item.key);
            if (set) pick(set);
          }}
        />
      )}
    </>
  );
}
