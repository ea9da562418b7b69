/**
 * Bookings of one group take their turn in this process's memory, a few at a time, before they
 * open a transaction (docs/booking.md "When everyone books at once"). A booking waits for its
 * calendars' locks holding a database connection; when a period opens and everyone books at once —
 * and once the slots are gone, the last bookings all want the same calendars — those waits would
 * fill the connection pool and starve the slot lists, which need no lock. Here the queue costs no connection; a
 * booking that finds it full is refused at once with serverBusy and a Retry-After.
 */
import { errors } from '../../errors/domain-error.ts';

/** Booking transactions of one group open at once in this process. */
export const BOOKINGS_AT_ONCE_PER_GROUP = 4;
/** Bookings of one group waiting their turn in this process; one more is refused. */
export const BOOKINGS_WAITING_PER_GROUP = 500;
const RETRY_AFTER_SECONDS = 2;

interface Turns {
  running: number;
  waiting: (() => void)[];
}

export class BookingGate {
  private readonly groups = new Map<number, Turns>();

  constructor(
    private readonly atOnce = BOOKINGS_AT_ONCE_PER_GROUP,
    private readonly maxWaiting = BOOKINGS_WAITING_PER_GROUP,
  ) {}

  /** Runs `work` in the group's turn; serverBusy when too many already wait. */
  async run<T>(groupId: number, work: () => Promise<T>): Promise<T> {
    let turns = this.groups.get(groupId);
    if (!turns) {
      turns = { running: 0, waiting: [] };
      this.groups.set(groupId, turns);
    }
    if (turns.running >= this.atOnce) {
      if (turns.waiting.length >= this.maxWaiting) throw errors.serverBusy(RETRY_AFTER_SECONDS);
      await new Promise<void>((resolve) => turns.waiting.push(resolve));
    } else {
      turns.running++;
    }
    try {
      return await work();
    } finally {
      const next = turns.waiting.shift();
      // The finished booking's place passes straight to the next one waiting.
      if (next) next();
      else if (--turns.running === 0) this.groups.delete(groupId);
    }
  }

  /** Bookings waiting their turn, all groups together (for the metrics). */
  get waiting(): number {
    let count = 0;
    for (const turns of this.groups.values()) count += turns.waiting.length;
    return count;
  }
}
