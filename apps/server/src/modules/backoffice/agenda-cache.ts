/**
 * Agenda answers kept as the bytes sent (docs/back-office.md "Agenda"): a week of a busy group is
 * thousands of appointments, read and serialised again on every request otherwise. An answer is
 * reused only while no appointment or absence of its group has changed since it was read
 * (db/change-clock.ts: every such change is heard by every server process).
 *
 * Staleness is bounded by how late a notification arrives after its commit (milliseconds on one
 * machine). Without listening nothing is kept.
 */
import type { ChangeClock, ChangeStamp } from '../../caching/change-clock.ts';
import { type KeptAnswer, KeptAnswers, keptAnswer } from '../../caching/kept-answers.ts';

/** Memory for answers per process: about twenty busy weeks, the oldest dropped first. */
const BUDGET_BYTES = 48 * 1024 * 1024;

export class AgendaCache {
  readonly answers = new KeptAnswers<{ groupId: number; at: ChangeStamp }>(BUDGET_BYTES);

  constructor(private readonly changes: ChangeClock) {}

  /** The answer for `key` in `groupId`, read by `read` when not kept or no longer current. */
  async get(groupId: number, key: string, read: () => Promise<unknown>): Promise<KeptAnswer> {
    const at = await this.changes.stamp();
    const hit =
      at === undefined
        ? undefined
        : this.answers.find(key, (stamp) => this.changes.groupUnchangedSince(stamp.at, stamp.groupId));
    if (hit) return hit;
    const answer = keptAnswer(JSON.stringify(await read()));
    if (at !== undefined && this.changes.groupUnchangedSince(at, groupId)) {
      this.answers.keep(key, { groupId, at }, answer);
    }
    return answer;
  }
}
