/**
 * Step "resource_id" — rooms, machines… (docs/requirements/booking-flow.md §2 screen 5): the resources (of the chosen site)
 * serving every chosen service that needs one, with name, image and description, and "no
 * preferences" when the step allows it and there is more than one; passed over when no chosen
 * service needs a resource. A resource the slots refused ("Invalid calendar") is flagged here.
 */
import { pickResource } from '@creneau/core/booking/selection';
import { useCallback } from 'react';
import type { Calendar } from '../../../api/calendars.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Icon } from '../../../ui/Icon.tsx';
import {
  calendarsOfSet,
  chosenFacts,
  displayName,
  performedIds,
  resourcesToShow,
} from '../catalogue-filters.ts';
import { ChoiceList, displayMode } from '../parts/ChoiceList.tsx';
import parts from '../parts/parts.module.css';
import { StepHeader } from '../parts/StepHeader.tsx';
import { StepEmpty, StepError, StepLoading } from '../parts/StepState.tsx';
import { useAutoPick, useSkipStep } from '../use-auto-pick.ts';
import { useBooking } from '../use-booking.ts';
import { useCatalogue } from '../use-catalogue.ts';

const STEP = 'resource_id';
const ANY = 'any';

export function ResourceIdPage() {
  const { t } = useTranslation();
  const booking = useBooking();
  const { group, selection, steps, startContext, choice } = booking;
  const step = steps.find((s) => s.name === STEP);
  const catalogue = useCatalogue(['calendars', 'services', 'calendarsets']);
  const services = catalogue.services;
  const facts = chosenFacts(selection.intervention_ids, services);
  const needing = performedIds(selection.intervention_ids, services).filter(
    (id) => services.find((s) => s.id === id)?.need_resource,
  );
  const noneNeeded = !catalogue.loading && facts.length > 0 && !facts.some((f) => f.need_resource);
  const resources = catalogue.loading
    ? null
    : resourcesToShow(
        catalogue.calendars,
        needing,
        calendarsOfSet(catalogue.calendarsets, selection.calendarset_id),
        group.calendars_interventions_links ?? {},
      );
  const withAny = Boolean(step?.any) && (resources?.length ?? 0) > 1;

  const pick = useCallback(
    (resource: Calendar | null, auto = false) =>
      choice(
        STEP,
        (state) => ({ selection: pickResource(state.selection, resource?.id ?? null, startContext) }),
        services,
        {
          auto,
        },
      ),
    [choice, services, startContext],
  );
  const autoPicking = useAutoPick(
    step,
    resources,
    useCallback((r: Calendar) => pick(r, true), [pick]),
  );
  const skipping = useSkipStep(
    noneNeeded,
    useCallback(() => pick(null, true), [pick]),
  );

  return (
    <>
      <StepHeader step={STEP} />
      {selection.invalid_resources && (
        <div className={`${parts.note} ${parts.noteWarning}`} role="alert" data-testid="invalid-resource">
          <Icon name="alert" />
          <p>{t('booking.resources.invalid')}</p>
        </div>
      )}
      {catalogue.error ? (
        <StepError onRetry={catalogue.refetch} />
      ) : !resources || autoPicking || skipping ? (
        <StepLoading label={t('booking.loading.resources')} />
      ) : resources.length === 0 ? (
        <StepEmpty text={t('messages.noResourcesAvailable')} />
      ) : (
        <ChoiceList
          label={t('steps.resource_id.title')}
          testId="resource-list"
          mode={displayMode(
            group.grid_list_mode?.has_resources_tab,
            resources.map((r) => ({ image: r.thumbnail })),
          )}
          items={[
            ...(withAny
              ? [
                  {
                    key: ANY,
                    title: t('messages.noPreferences'),
                    meta: t('booking.resources.anyHint'),
                    icon: 'sparkle' as const,
                    selected:
                      selection.resource_id === null &&
                      !selection.invalid_resources &&
                      booking.sequence.done.includes(STEP),
                    testId: 'resource-any',
                  },
                ]
              : []),
            ...resources.map((resource) => ({
              key: String(resource.id),
              title: displayName(resource),
              description: resource.description,
              image: resource.thumbnail,
              icon: 'tag' as const,
              selected: selection.resource_id === resource.id,
              details: { type: 'resource' as const, id: resource.id },
              testId: `resource-${resource.id}`,
            })),
          ]}
          onPick={(item) =>
            pick(item.key === ANY ? null : (resources.find((r) => String(r.id) === item.key) ?? null))
          }
        />
      )}
    </>
  );
}
