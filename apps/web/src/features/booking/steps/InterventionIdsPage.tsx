/**
 * Step "intervention_ids" — services and packs (docs/requirements/booking-flow.md §2 screen 2, §4): tabs for services and
 * packs when both exist and nothing is preselected; an all/promotions filter when promotions exist;
 * price and duration when the group displays them, a pack chip, a promotion chip and a video
 * icon; merged services shown once. Picking one moves on; from the booking summary's "add" or
 * "replace", the pick is added to or replaces an appointment of the booking.
 * Empty: noInterventionsAvailable (promotionWarning with the promotions filter). The list and the
 * filter are in services/.
 */
import { useCallback, useState } from 'react';
import type { Intervention } from '../../../api/interventions.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { useBookingStore } from '../booking-store.ts';
import {
  appointmentGroups,
  bestPromotion,
  calendarsOfSet,
  isOffered,
  mergedGroups,
  performedServices,
  servicesOfCategories,
} from '../catalogue-filters.ts';
import { LazyRichText } from '../parts/LazyRichText.tsx';
import parts from '../parts/parts.module.css';
import { StepHeader } from '../parts/StepHeader.tsx';
import { StepEmpty, StepError, StepLoading } from '../parts/StepState.tsx';
import { Tabs } from '../parts/Tabs.tsx';
import { servicesAfterPick } from '../sequence.ts';
import { ServiceFilter, type ServiceFilterValue } from '../services/ServiceFilter.tsx';
import { ServiceList } from '../services/ServiceList.tsx';
import { useAutoPick } from '../use-auto-pick.ts';
import { useBooking } from '../use-booking.ts';
import { useCatalogue } from '../use-catalogue.ts';
import styles from './InterventionIdsPage.module.css';

const STEP = 'intervention_ids';
type Tab = 'services' | 'packs';

export function InterventionIdsPage() {
  const { t } = useTranslation();
  const booking = useBooking();
  const { group, selection, steps, preselection, merge, max, choice } = booking;
  const pending = useBookingStore((s) => s.sequence.pending);
  const step = steps.find((s) => s.name === STEP);
  const catalogue = useCatalogue(['services', 'calendarsets', 'interventionsets']);
  const [tab, setTab] = useState<Tab>('services');
  const [filter, setFilter] = useState<ServiceFilterValue>('all');

  const performed = performedServices(
    group.calendars_interventions_links ?? {},
    calendarsOfSet(catalogue.calendarsets, selection.calendarset_id),
  );
  const offered = catalogue.services.filter((s) => isOffered(s, performed));
  const inCategories = servicesOfCategories(
    offered,
    catalogue.interventionsets,
    selection.interventionset_ids,
  );
  const choices = mergedGroups(inCategories, merge);
  const hasServices = choices.some((g) => g[0]!.type !== 'pack');
  const hasPacks = choices.some((g) => g[0]!.type === 'pack');
  const showTabs = hasServices && hasPacks && Object.keys(preselection).length === 0;
  const inTab = showTabs ? choices.filter((g) => (g[0]!.type === 'pack') === (tab === 'packs')) : choices;
  const hasPromotions = inTab.some((g) => bestPromotion(g[0]!) > 0);
  const shown =
    filter === 'promotions' && hasPromotions ? inTab.filter((g) => bestPromotion(g[0]!) > 0) : inTab;

  const current = selection.intervention_ids;
  const currentGroups = appointmentGroups(current, catalogue.services, merge);
  const replacing = pending?.kind === 'replace' ? (currentGroups[pending.index] ?? []) : [];
  const inBooking = (ids: readonly number[]) =>
    pending !== null && ids.some((id) => current.includes(id) && !replacing.includes(id));
  const services = catalogue.services;

  const pick = useCallback(
    (ids: readonly number[], auto = false) =>
      choice(
        STEP,
        (state) => {
          const next = servicesAfterPick(
            state.selection.intervention_ids,
            ids,
            state.sequence.pending,
            appointmentGroups(state.selection.intervention_ids, services, merge),
          );
          // Never more appointments than the step allows (docs/requirements/booking-flow.md §4).
          const groups = appointmentGroups(next, services, merge).slice(0, Math.max(1, max));
          return { selection: { ...state.selection, intervention_ids: groups.flat() } };
        },
        services,
        { auto },
      ),
    [choice, services, merge, max],
  );
  const autoPicking = useAutoPick(
    pending ? undefined : step,
    catalogue.loading ? null : choices,
    useCallback(
      (ids: Intervention[]) =>
        pick(
          ids.map((s) => s.id),
          true,
        ),
      [pick],
    ),
  );

  const list = (
    <ServiceList
      groups={shown}
      onPick={(ids) => pick(ids)}
      inBooking={inBooking}
      chosen={(ids) => pending === null && ids.some((id) => current.includes(id))}
      mode={group.grid_list_mode?.has_interventions_tab}
    />
  );
  const filterBar = hasPromotions && <ServiceFilter value={filter} onChange={setFilter} />;

  return (
    <>
      <StepHeader
        step={STEP}
        title={
          pending?.kind === 'add'
            ? t('booking.services.addTitle')
            : pending?.kind === 'replace'
              ? t('booking.services.replaceTitle')
              : undefined
        }
        lead={max > 1 && !pending ? t('booking.services.upTo', { max }) : undefined}
      />
      {group.apptemplates?.alltab_text && (
        <div className={`${parts.note} ${styles.note}`}>
          <Icon name="info" />
          <LazyRichText text={group.apptemplates?.alltab_text} />
        </div>
      )}
      {catalogue.error ? (
        <StepError onRetry={catalogue.refetch} />
      ) : catalogue.loading || autoPicking ? (
        <StepLoading label={t('booking.loading.interventions')} />
      ) : choices.length === 0 ? (
        <StepEmpty text={t('messages.noInterventionsAvailable')} />
      ) : showTabs ? (
        <Tabs
          label={t('booking.services.tabs')}
          selected={tab}
          onSelect={(key) => {
            setTab(key);
            setFilter('all');
          }}
          tabs={[
            { key: 'services', label: t('booking.services.servicesTab') },
            { key: 'packs', label: t('booking.services.packsTab') },
          ]}
        >
          {filterBar}
          {shown.length === 0 ? <StepEmpty text={t('booking.services.promotionWarning')} /> : list}
        </Tabs>
      ) : (
        <>
          {filterBar}
          {shown.length === 0 ? <StepEmpty text={t('booking.services.promotionWarning')} /> : list}
        </>
      )}
    </>
  );
}
