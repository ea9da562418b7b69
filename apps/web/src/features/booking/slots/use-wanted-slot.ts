/**
 * A slot asked for by the link (slots=YYYY-MM-DD hh:mm:ss, docs/booking-flow.md § Slots): show its
 * day, then take it when it is offered, or say it is gone. Once per link; not while changing an
 * appointment.
 */
import { useEffect } from 'react';
import type { AvailableSlot } from '../../../api/availabletimeslots.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { notify } from '../../../ui/notification-store.ts';
import { markHandled, useBookingStore } from '../booking-store.ts';
import type { Booking } from '../use-booking.ts';
import type { useSlotList } from './use-slot-list.ts';

interface WantedSlotInput {
  wanted: Booking['params']['slots'];
  editing: boolean;
  /** The first day shown, and today. */
  start: string;
  today: string;
  slots: ReturnType<typeof useSlotList>['slots'];
  setStart: (date: string) => void;
  pick: (slot: AvailableSlot) => void;
}

export function useWantedSlot({ wanted, editing, start, today, slots, setStart, pick }: WantedSlotInput) {
  const { t } = useTranslation();
  const handled = useBookingStore((s) => s.handled);
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
}
