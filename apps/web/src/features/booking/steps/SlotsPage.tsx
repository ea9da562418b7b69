/**
 * Step "slots" — date and time (docs/booking-flow.md § Slots):
 * seven days of slots fetched from the start date and as many shown as the window's width allows —
 * on phones a strip of the days with room and one day's times; previous and next move by the days
 * covered; a month view between the first available slot and now plus the booking horizon, marking
 * the days with room; "next available: <day time>" with a jump when the days shown have none;
 * "no availability" when there is none at all; the group's time zone named when the visitor's
 * differs; promoted slots marked with their percent and price. A calendar or resource the API calls invalid ("Invalid calendar"), or resources that
 * cannot serve the chosen services, stop the search and lead back to that choice. A slot from the
 * query string (slots=…) is picked by itself when offered. Picking a slot moves on.
 */
import { packListPrice } from '@creneau/core/booking/pricing';
import { pickSlot } from '@creneau/core/booking/selection';
import { slotPrice } from '@creneau/core/booking/slot-price';
import {
  datePickerBounds,
  maxBookingPeriod,
  showsDayStrip,
  slotNavigation,
  slotViewDays,
} from '@creneau/core/booking/slot-range';
import { formatCalendarDate, formatWallDateTime } from '@creneau/core/format/date-time';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailableSlot } from '../../../api/availabletimeslots.ts';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { notify } from '../../../ui/notification-store.ts';
import { markHandled, useBookingStore } from '../booking-store.ts';
import { chosenItems } from '../catalogue-filters.ts';
import { StepHeader } from '../parts/StepHeader.tsx';
import { StepEmpty, StepError, StepLoading } from '../parts/StepState.tsx';
import { slotDate, slotDays } from '../slot-days.ts';
import { dayAndMonth, SlotGrid } from '../slots/SlotGrid.tsx';
import { SlotStrip } from '../slots/SlotStrip.tsx';
import { TimeZoneNote } from '../slots/TimeZoneNote.tsx';
import { useSlotList } from '../slots/use-slot-list.ts';
import { useWindowWidth } from '../slots/use-window-width.ts';
import { useBooking } from '../use-booking.ts';
import { useCatalogue } from '../use-catalogue.ts';
import styles from './SlotsPage.module.css';

const DatePickerDialog = lazy(() =>
  import('../slots/DatePickerDialog.tsx').then((m) => ({ default: m.DatePickerDialog })),
);

const STEP = 'slots';

export function SlotsPage() {
  const { t } = useTranslation();
  const booking = useBooking();
  const { group, selection, itemCalendars, sequence, steps, startContext, locale, params, choice } = booking;
  const editingBooking = useBookingStore((s) => s.editingBooking);
  const handled = useBookingStore((s) => s.handled);
  const catalogue = useCatalogue(['services', 'calendars']);
  const services = catalogue.services;
  const _links = group.calendars_interventions_links ?? {};
  const width = useWindowWidth();
  const strip = showsDayStrip(width);
  const visible = slotViewDays(width);
  const [picking, setPicking] = useState(false);
  // The strip's chosen day (phones); a day outside the days shown falls back to the first with room.
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const today = startContext.today;
  const start = selection.start && selection.start >= today ? selection.start : today;

  const setStart = useCallback((date: string) => {
    const state = useBookingStore.getState();
    useBookingStore.setState({ selection: { ...state.selection, start: date } });
  }, []);

  const { request, slots, firstFromToday, invalid, editing } = useSlotList({
    booking,
    services,
    catalogueLoading: catalogue.loading,
    editingBooking,
    start,
  });

  const pick = useCallback(
    (slot: AvailableSlot) =>
      choice(
        STEP,
        (state) => ({ selection: pickSlot(state.selection, slot.start, slot.promotion) }),
        services,
      ),
    [choice, services],
  );

  // slots=YYYY-MM-DD hh:mm:ss in the link: show its day, then take it when it is offered.
  const wanted = params.slots;
  const marker = wanted ? `slots=${wanted.date} ${wanted.time}` : null;
  useEffect(() => {
    if (!wanted || !marker || handled.includes(marker) || editing) return;
    if (start !== wanted.date && wanted.date >= today) {
      setStart(wanted.date);
      return;
    }
    if (!slots.data || slots.isPlaceholderData) return;
    markHandled(marker);
    const slot = slots.data.availabletimeslots.find(
      (s) => s.start.slice(0, 10) === wanted.date && s.time === wanted.time.slice(0, 5),
    );
    if (slot) pick(slot);
    else notify(t('booking.slots.wantedGone'), { tone: 'info' });
  }, [
    wanted,
    marker,
    handled,
    editing,
    start,
    today,
    slots.data,
    slots.isPlaceholderData,
    setStart,
    pick,
    t,
  ]);

  const chosenCalendars = catalogue.calendars.filter(
    (c) =>
      c.id === selection.calendar_id ||
      selection.calendar_ids.includes(c.id) ||
      Object.values(itemCalendars).some((list) => list.includes(c.id)),
  );
  const period = maxBookingPeriod(chosenCalendars, group.maxrdv_period);
  const range = datePickerBounds({
    firstSlot: firstFromToday,
    now: new Date(),
    timeZone: group.timezone,
    periodMinutes: period,
  });
  const navigation = slotNavigation({ start, visibleDays: visible, range, invalidResources: invalid });
  const days = slotDays(slots.data?.availabletimeslots ?? [], start, visible);
  const roomDays = days.filter((d) => d.slots.length > 0);
  const anyShown = roomDays.length > 0;
  const nextSlot = slots.data?.firstSlot ?? null;
  const editable = chosenItems(selection.intervention_ids, services);
  const showDay = (date: string) => {
    setStart(date);
    setChosenDay(date);
  };
  // What the booking costs at a promoted slot: each chosen line with its own promotions.
  const priced = editable.map((item) => ({
    listCents:
      item.type === 'pack'
        ? packListPrice({ price: item.price, total_price: item.total_price ?? null })
        : item.price,
    promotions: item.promotions ?? [],
  }));
  const priceOf = (slot: AvailableSlot) =>
    group.display_intervention_price ? slotPrice(priced, slotDate(slot), slot.time) : null;
  const marks = { priceOf, showCapacity: group.capacity_display_user };

  const backTo = (name: string) => {
    const index = steps.findIndex((s) => s.name === name);
    if (index !== -1 && sequence.editing === null) booking.back(index);
  };
  const invalidStep = steps.some((s) => s.name === 'resource_id' && selection.resource_id !== null)
    ? 'resource_id'
    : 'calendar_id';

  let body: ReactNode;
  if (catalogue.error) body = <StepError onRetry={catalogue.refetch} />;
  else if (invalid)
    body = (
      <StepEmpty text={t('booking.slots.invalidResources')} icon="alert" testId="slots-invalid">
        {steps.some((s) => s.name === invalidStep) && sequence.editing === null && (
          <Button variant="secondary" onClick={() => backTo(invalidStep)} data-testid="slots-change-choice">
            {t(`booking.slots.change.${invalidStep}`)}
          </Button>
        )}
      </StepEmpty>
    );
  else if (slots.isError) body = <StepError onRetry={() => void slots.refetch()} />;
  else if (!slots.data || catalogue.loading) body = <StepLoading label={t('booking.loading.slots')} />;
  else if (!anyShown && !nextSlot)
    body = <StepEmpty text={t('booking.slots.noSlots')} icon="calendar" testId="slots-none" />;
  else if (!anyShown && nextSlot)
    // The days shown are empty: the first free time, one tap away (firstSlot of the answer).
    body = (
      <div className={styles.jump} data-testid="slots-jump" aria-busy={slots.isFetching}>
        <Icon name="calendarCheck" size={28} className={styles.jumpIcon} />
        <div className={styles.jumpText}>
          <p>{t('booking.slots.noneThesedays')}</p>
          <p className={styles.jumpNext} data-testid="slots-next-available">
            {t('booking.slots.jumpTo', {
              date: formatWallDateTime(nextSlot.slice(0, 16), { locale, style: 'full' }),
            })}
          </p>
        </div>
        <Button onClick={() => showDay(slotDate({ start: nextSlot }))} data-testid="slots-jump-button">
          {t('booking.slots.showNext')}
          <Icon name="forward" size={18} />
        </Button>
      </div>
    );
  else
    body = (
      <div className={styles.gridWrap} aria-busy={slots.isFetching}>
        {strip ? (
          <SlotStrip
            days={roomDays}
            chosenDay={chosenDay ?? ''}
            onChooseDay={setChosenDay}
            locale={locale}
            selected={selection.slots}
            onPick={pick}
            {...marks}
          />
        ) : (
          <SlotGrid days={days} locale={locale} selected={selection.slots} onPick={pick} {...marks} />
        )}
      </div>
    );
  const firstShown = roomDays[0]?.slots[0]?.start;

  return (
    <>
      <StepHeader
        step={STEP}
        lead={
          editing
            ? t('booking.slots.editingLead')
            : editable.length > 1
              ? t('booking.slots.chainLead')
              : undefined
        }
      />
      <div className={styles.toolbar}>
        <Button
          variant="secondary"
          size="s"
          iconOnly
          onClick={() => navigation.previous && setStart(navigation.previous)}
          disabled={!navigation.previous || !request}
          aria-label={t('booking.slots.previous', { count: visible })}
          data-testid="slots-previous"
        >
          <Icon name="back" size={18} />
        </Button>
        <p className={styles.range} aria-live="polite" data-testid="slots-range">
          {visible > 1
            ? t('booking.slots.range', {
                from: dayAndMonth(days[0]!.date, locale),
                to: dayAndMonth(days[days.length - 1]!.date, locale),
              })
            : dayAndMonth(days[0]!.date, locale)}
        </p>
        <Button
          variant="secondary"
          size="s"
          iconOnly
          onClick={() => navigation.next && setStart(navigation.next)}
          disabled={!navigation.next || !request}
          aria-label={t('booking.slots.next', { count: visible })}
          data-testid="slots-next"
        >
          <Icon name="forward" size={18} />
        </Button>
        <Button
          variant="secondary"
          size="s"
          className={styles.pickDate}
          onClick={() => setPicking(true)}
          disabled={!request}
          data-testid="slots-date-picker"
        >
          <Icon name="calendar" size={18} />
          <span className={styles.pickDateLabel}>{t('booking.slots.pickDate')}</span>
        </Button>
      </div>
      {!invalid && (
        <TimeZoneNote
          groupZone={group.timezone}
          at={firstShown ? new Date(firstShown) : new Date()}
          locale={locale}
        />
      )}
      {slots.isFetching && slots.isPlaceholderData && (
        <p className="visually-hidden" role="status">
          {t('booking.loading.slots')}
        </p>
      )}
      {body}
      {picking && (
        <Suspense fallback={null}>
          <DatePickerDialog
            value={start}
            min={range.min}
            max={range.max}
            groupId={group.id}
            request={request}
            onClose={() => setPicking(false)}
            onPick={(date) => {
              setPicking(false);
              showDay(date);
            }}
          />
        </Suspense>
      )}
      {!invalid && group.maxrdv_period > 0 && (
        <p className={styles.horizon}>
          {t('booking.slots.horizon', { date: formatCalendarDate(range.max, { locale, style: 'long' }) })}
        </p>
      )}
    </>
  );
}
