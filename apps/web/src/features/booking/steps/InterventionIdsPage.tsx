/**
 * Step "intervention_ids" — services and packs (docs/requirements/booking-flow.md §2 screen 2, §4): tabs for services and
 * packs when both exist and nothing is preselected; an all/promotions filter when promotions exist;
 * price and duration when the group displays them, a pack chip, a promotion chip and a video
 * icon; merged services shown once. Picking one moves on; from the booking summary's "add" or
 * "replace", the pick is added to or replaces an appointment of the booking.
 * Empty: noInterventionsAvailable (promotionWarning with the promotions filter).
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Intervention } from '../../../api/interventions.ts';
import { useFormatters } from '../../../lib/formatters.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { useBookingStore } from '../booking-store.ts';
import {
  appointmentGroups,
  bestPromotion,
  calendarsOfSet,
  displayName,
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
import { useAutoPick } from '../use-auto-pick.ts';
import { useBooking } from '../use-booking.ts';
import { useCatalogue } from '../use-catalogue.ts';
import styles from './InterventionIdsPage.module.css';

const STEP = 'intervention_ids';
type Tab = 'services' | 'packs';
type Filter = 'all' | 'promotions';

export function InterventionIdsPage() {
  const { t } = useTranslation();
  const booking = useBooking();
  const { group, selection, steps, preselection, merge, max, choice } = booking;
  const pending = useBookingStore((s) => s.sequence.pending);
  const step = steps.find((s) => s.name === STEP);
  const catalogue = useCatalogue(['services', 'calendarsets', 'interventionsets']);
  const [tab, setTab] = useState<Tab>('services');
  const [filter, setFilter] = useState<Filter>('all');

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
  const filterBar = hasPromotions && (
    <fieldset className={styles.filter}>
      <legend className="visually-hidden">{t('booking.services.filter')}</legend>
      {(['all', 'promotions'] as const).map((value) => (
        <label key={value} className={styles.filterOption}>
          <input
            type="radio"
            name="service-filter"
            value={value}
            checked={filter === value}
            onChange={() => setFilter(value)}
            data-testid={`filter-${value}`}
          />
          <span>{t(`booking.services.${value}`)}</span>
        </label>
      ))}
    </fieldset>
  );

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

interface ServiceListProps {
  groups: readonly Intervention[][];
  onPick: (ids: number[]) => void;
  inBooking: (ids: readonly number[]) => boolean;
  chosen: (ids: readonly number[]) => boolean;
  mode: { image?: boolean; description?: boolean } | undefined;
}

function ServiceList({ groups, onPick, inBooking, chosen, mode }: ServiceListProps) {
  const { t } = useTranslation();
  return (
    <ul className={styles.list} aria-label={t('steps.intervention_ids.title')} data-testid="service-list">
      {groups.map((group) => {
        const item = group[0]!;
        const ids = group.map((s) => s.id);
        const taken = inBooking(ids);
        const selected = chosen(ids);
        return (
          <li key={item.id} className={styles.cell} data-selected={selected || undefined}>
            <button
              type="button"
              className={styles.service}
              onClick={() => onPick(ids)}
              disabled={taken}
              aria-current={selected ? 'true' : undefined}
              data-testid={`service-${item.id}`}
            >
              {(mode?.image ?? true) && item.thumbnail && (
                <img
                  className={styles.thumb}
                  src={item.thumbnail}
                  alt=""
                  width={128}
                  height={128}
                  loading="lazy"
                />
              )}
              <span className={styles.body}>
                <span className={styles.name}>{displayName(item)}</span>
                <ServiceMeta item={item} />
                {(mode?.description ?? true) && item.description && (
                  <span className={styles.description}>{item.description}</span>
                )}
                {taken && <span className={styles.taken}>{t('booking.services.inBooking')}</span>}
              </span>
              <Icon name="forward" size={20} className={styles.arrow} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Duration, price and chips, as the group chooses to display them. */
export function ServiceMeta({ item }: { item: Intervention }) {
  const { t } = useTranslation();
  const { group } = useBooking();
  const format = useFormatters();
  const price = item.price ?? item.total_price ?? null;
  const promotion = bestPromotion(item);
  const showLength = group.display_intervention_length && item.length > 0;
  const showPrice = group.display_intervention_price && price !== null;
  return (
    <span className={styles.meta}>
      {showLength && (
        <span className={styles.fact}>
          <Icon name="clock" size={16} />
          {format.duration(item.length)}
        </span>
      )}
      {showPrice && (
        <span className={styles.fact}>{price === 0 ? t('booking.free') : format.price(price)}</span>
      )}
      {item.type === 'pack' && <span className={styles.chip}>{t('booking.item.pack')}</span>}
      {promotion > 0 && (
        <span
          className={`${styles.chip} ${styles.promo}`}
          title={item.promotions.map((p) => p.label).join(' · ')}
        >
          {t('booking.promotionUpTo', { percent: promotion })}
        </span>
      )}
      {item.videoconference && (
        <span className={styles.chip}>
          <Icon name="video" size={14} />
          {t('booking.item.videoconference')}
        </span>
      )}
    </span>
  );
}
