/**
 * The availabletimeslots answer as the JSON text sent (docs/api.md), written straight from the
 * engine's slots: on a miss this is the answer's whole serialisation, so no intermediate object or
 * string per slot is made. Its strings never need escaping (digits, "T", ":", "-", "+"), and the
 * text equals JSON.stringify of the answer as objects (slot-answer-json.test.ts).
 */
import type { Slot } from '@creneau/core/availability/availability.types';
import { formatUtcOffset } from '@creneau/core/time/civil-day';
import type { SlotSearchAnswer } from './availability.service.ts';

export function slotsJson(answer: SlotSearchAnswer): string {
  // A week's slots share one or two offsets: each is formatted once.
  let offset = Number.NaN;
  let offsetText = '';
  const startOf = (slot: Slot) => {
    if (slot.offset !== offset) {
      offset = slot.offset;
      offsetText = formatUtcOffset(offset);
    }
    return `${slot.date}T${slot.time}:00${offsetText}`;
  };
  let out = '{"availabletimeslots":[';
  const slots = answer.slots;
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!;
    if (i > 0) out += ',';
    out += `{"start":"${startOf(s)}","time":"${s.time}","capacity":${s.capacity},"promotion":${s.promotion ?? 'null'}}`;
  }
  out += `],"firstSlot":${answer.firstSlot === null ? 'null' : `"${startOf(answer.firstSlot)}"`}`;
  const release = answer.release;
  if (release === null) return `${out},"release":null}`;
  return `${out},"release":{"bookable_until":"${release.bookable_until}","next_release_at":"${release.next_release_at}","next_bookable_until":"${release.next_bookable_until}"}}`;
}
