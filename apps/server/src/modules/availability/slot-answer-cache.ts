/**
 * Slot answers kept as the bytes sent (docs/availability.md "Answer cache"). When a period opens,
 * thousands of people ask for the same week within the same minute; each answer costs a schedule,
 * a read of appointments and the engine. Here an answer is reused only while nothing it was computed
 * from has changed:
 * - the key holds the group's catalogue version (hours, services, absences, promotions, forms and
 *   settings all bump it), the minute of the request (the engine reads the clock to the minute) and
 *   the whole request;
 * - the entry holds the calendars and resources the search used, and is current while none of them
 *   has had an appointment or absence change since the answer was read (db/change-clock.ts).
 *
 * Requests for the same key that arrive while it is being read wait for that read instead of
 * starting their own, and take its answer only if it is still current when it comes back.
 */
import type { ChangeClock, ChangeStamp } from '../../caching/change-clock.ts';
import { type KeptAnswer, KeptAnswers, keptAnswer } from '../../caching/kept-answers.ts';
import { KeptBusyWeeks } from './kept-busy-weeks.ts';

interface Stamp {
  groupId: number;
  at: ChangeStamp;
  calendarIds: readonly number[];
}

/** An answer as read, with what it was read from. */
export interface SlotAnswerRead {
  json: string;
  /** The calendars and resources whose appointments the answer depends on. */
  calendarIds: readonly number[];
}

interface Reading {
  stamp: Stamp;
  answer: KeptAnswer;
}

export class SlotAnswerCache {
  readonly answers: KeptAnswers<Stamp>;
  /**
   * The appointments answers are computed from, kept per group and week on the same clock: a miss
   * then costs no query while its calendars are unchanged. Kept whatever SLOT_CACHE_MB says (a few
   * kilobytes a week).
   */
  readonly busyWeeks: KeptBusyWeeks;
  private readonly reading = new Map<string, Promise<Reading>>();

  /** `budgetBytes`: a week of slots is 5–20 KB, so the default 32 MB holds thousands of answers. */
  constructor(
    private readonly changes: ChangeClock,
    budgetBytes: number,
  ) {
    this.answers = new KeptAnswers<Stamp>(budgetBytes);
    this.busyWeeks = new KeptBusyWeeks(changes);
  }

  async get(groupId: number, key: string, read: () => Promise<SlotAnswerRead>): Promise<KeptAnswer> {
    const at = await this.changes.stamp();
    if (at === undefined) return keptAnswer((await read()).json);
    const hit = this.answers.find(key, (stamp) => this.current(stamp));
    if (hit) return hit;

    const underWay = this.reading.get(key);
    if (underWay) {
      const shared = await underWay.catch(() => undefined);
      if (shared && this.current(shared.stamp)) return shared.answer;
    }

    const own = this.readAt(groupId, at, read);
    this.reading.set(key, own);
    try {
      const { stamp, answer } = await own;
      if (this.current(stamp)) this.answers.keep(key, stamp, answer);
      return answer;
    } finally {
      if (this.reading.get(key) === own) this.reading.delete(key);
    }
  }

  private async readAt(
    groupId: number,
    at: ChangeStamp,
    read: () => Promise<SlotAnswerRead>,
  ): Promise<Reading> {
    const { json, calendarIds } = await read();
    return { stamp: { groupId, at, calendarIds }, answer: keptAnswer(json) };
  }

  private current(stamp: Stamp): boolean {
    return this.changes.calendarsUnchangedSince(stamp.at, stamp.groupId, stamp.calendarIds);
  }
}
