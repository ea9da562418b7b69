/**
 * Step "slots" — date and time (docs/booking-flow.md § Slots):
 * seven days of slots fetched from the start date and as many shown as the window's width allows —
 * on phones a strip of the days with room and one day's times; previous and next move by the days
 * covered; a month view between the first available slot and now plus the booking horizon, marking
 * the days with room; "next available: <day time>" with a jump when the days shown have none;
 * "no availability" when there is none at all; the group's time zone named when the visitor's
 * differs; promoted slots marked with their percent and price. A calendar or resource the API calls invalid ("Invalid calendar"), or resources that
 * cannot serve the chosen services, stop the search and lead back to that choice. A slot from the
 * query string (slots=…) is picked by itself when offered. Picking a slot moves on. A group that
 * opens its months on a schedule: navigation stops at the last released date, and there the step
 * says when the next month opens (slots/slot-release.ts). The parts are in slots/.
 */
import { pickSlot } from '@creneau/core/booking/selection';
import { showsDayStrip, slotNavigation, slotViewDays } from '@creneau/core/booking/slot-range';
import { formatCalendarDate } from '@creneau/core/format/date-time';
import { dayOfIsoDate, isoDateOfDay } from '@creneau/core/time/civil-day';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import type { AvailableSlot } from '../../../api/availabletimeslots.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useBookingStore } from '../booking-store.ts';
import { chosenItems } from '../catalogue-filters.ts';
import { StepHeader } from '../parts/StepHeader.tsx';
import { StepEmpty, StepError, StepLoading } from '../parts/StepState.tsx';
import { slotDate, slotDays } from '../slot-days.ts';
import { InvalidChoice } from '../slots/InvalidChoice.tsx';
import { ReleaseNote } from '../slots/ReleaseNote.tsx';
import { SlotGrid } from '../slots/SlotGrid.tsx';
import { SlotJump } from '../slots/SlotJump.tsx';
import { SlotStrip } from '../slots/SlotStrip.tsx';
import { SlotToolbar } from '../slots/SlotToolbar.tsx';
import { slotDateRange } from '../slots/slot-date-range.ts';
import { slotMarks } from '../slots/slot-marks.ts';
import { showsRelease } from '../slots/slot-release.ts';
import { TimeZoneNote } from '../slots/TimeZoneNote.tsx';
import { useSlotList } from '../slots/use-slot-list.ts';
import { useWantedSlot } from '../slots/use-wanted-slot.ts';
import { useWindowWidth } from '../slots/use-window-width.ts';
import { useBooking } from '../use-booking.ts';
import { useCatalogue } from '../use-catalogue.ts';
import styles from './SlotsPage.module.css';

// Drawn under the slots once they are in: its code is not on the way to the step's first paint.
const WaitlistForm = lazy(() =>
  import('../../waitlist/WaitlistForm.tsx').then((module) => ({ default: module.WaitlistForm })),
);
const DatePickerDialog = lazy(() =>
  import('../slots/DatePickerDialog.tsx').then((m) => ({ default: m.DatePickerDialog })),
);

const STEP = 'slots';

export function SlotsPage() {
  const { t } = useTranslation();
  const booking = useBooking();
  const { group, selection, itemCalendars, startContext, locale, params, choice } = booking;
  const editingBooking = useBookingStore((s) => s.editingBooking);
  const catalogue = useCatalogue(['services', 'calendars']);
  const services = catalogue.services;
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

  useWantedSlot({ wanted: params.slots, editing, start, today, slots, setStart, pick });

  const range = slotDateRange({
    group,
    calendars: catalogue.calendars,
    selection,
    itemCalendars,
    firstSlot: firstFromToday,
    release: slots.data?.release,
  });
  const navigation = slotNavigation({ start, visibleDays: visible, range, invalidResources: invalid });
  const days = slotDays(slots.data?.availabletimeslots ?? [], start, visible);
  const roomDays = days.filter((d) => d.slots.length > 0);
  const anyShown = roomDays.length > 0;
  const nextSlot = slots.data?.firstSlot ?? null;
  const release = slots.data?.release ?? null;
  const releaseShown =
    !invalid &&
    showsRelease(release, {
      lastShown: days[days.length - 1]?.date ?? start,
      noneAhead: !anyShown && !nextSlot,
    });
  const editable = chosenItems(selection.intervention_ids, services);
  const showDay = (date: string) => {
    setStart(date);
    setChosenDay(date);
  };
  const marks = slotMarks(group, editable);
  // One service, not a pack: the waiting list takes it when no time shown suits (docs/waitlist.md).
  const waitable = !editing && editable.length === 1 && editable[0]!.type !== 'pack' ? editable[0]! : null;

  let body: ReactNode;
  if (catalogue.error) body = <StepError onRetry={catalogue.refetch} />;
  else if (invalid) body = <InvalidChoice />;
  else if (slots.isError) body = <StepError onRetry={() => void slots.refetch()} />;
  else if (!slots.data || catalogue.loading) body = <StepLoading label={t('booking.loading.slots')} />;
  else if (!anyShown && !nextSlot)
    body = <StepEmpty text={t('booking.slots.noSlots')} icon="calendar" testId="slots-none" />;
  else if (!anyShown && nextSlot)
    body = (
      <SlotJump
        nextSlot={nextSlot}
        locale={locale}
        busy={slots.isFetching}
        onJump={() => showDay(slotDate({ start: nextSlot }))}
      />
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
      <SlotToolbar
        days={days}
        visible={visible}
        locale={locale}
        previous={navigation.previous}
        next={navigation.next}
        ready={Boolean(request)}
        onStart={setStart}
        onPickDate={() => setPicking(true)}
      />
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
      {releaseShown && release && (
        <ReleaseNote release={release} locale={locale} timeZone={group.timezone} className={styles.release} />
      )}
      {waitable && slots.data && !invalid && (
        <Suspense fallback={null}>
          <WaitlistForm
            interventionId={waitable.id}
            calendarId={selection.calendar_id ?? undefined}
            from={start}
            to={isoDateOfDay((dayOfIsoDate(start) ?? 0) + 13)}
          />
        </Suspense>
      )}
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
      {/* Under the days, so only once they are in: drawn under the loading message first, it would
          be pushed down out of sight when they arrive. */}
      {!invalid && slots.data && !catalogue.loading && group.maxrdv_period > 0 && (
        <p className={styles.horizon}>
          {t('booking.slots.horizon', { date: formatCalendarDate(range.max, { locale, style: 'long' }) })}
        </p>
      )}
    </>
  );
}
