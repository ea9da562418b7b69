/**
 * Agenda answers kept as the bytes sent (docs/back-office.md "Agenda"): a week of a busy group is
 * thousands of appointments, read and serialised again on every request otherwise. An answer is
 * reused only while no appointment or absence of its group has changed since it was read: every
 * such change NOTIFYs (the live agenda's triggers), and this process LISTENs, bumping the group's
 * change count; an answer carries the count it was read at, and a bumped count misses. The count
 * is taken before the read, so a change that lands during the read also misses next time.
 *
 * Staleness is bounded by how late a notification arrives after its commit (milliseconds on one
 * machine). Without listening (a failed LISTEN) nothing is cached; when listening restarts after a
 * dropped connection, every answer is dropped, since changes in between were not heard.
 */
import type { AgendaEvents } from './agenda-events.ts';

/** Memory for answers per process: about twenty busy weeks, the oldest dropped first. */
const BUDGET_BYTES = 48 * 1024 * 1024;

export interface CachedAnswer {
  json: string;
  /** The answer compressed, by encoding, made when first asked for. */
  encoded: Map<string, Buffer>;
  bytes: number;
}

interface Entry {
  groupId: number;
  count: number;
  answer: CachedAnswer;
}

export class AgendaCache {
  private readonly counts = new Map<number, number>();
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private generation = 0;
  private watching = false;

  constructor(private readonly events: AgendaEvents) {}

  /**
   * The answer for `key` in `groupId`, read by `read` when not cached or no longer current.
   * `read` runs after the group's change count is taken.
   */
  async get(groupId: number, key: string, read: () => Promise<unknown>): Promise<CachedAnswer> {
    const listening = await this.startWatching();
    const count = this.countOf(groupId);
    const generation = this.generation;
    const hit = this.entries.get(key);
    if (listening && hit && hit.count === count) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.answer;
    }
    const json = JSON.stringify(await read());
    const answer: CachedAnswer = { json, encoded: new Map(), bytes: json.length };
    if (listening && generation === this.generation) this.keep(key, { groupId, count, answer });
    return answer;
  }

  /**
   * Forgets the group's answers at once: for a change made through this process, whose own
   * notification may arrive a moment after the client that made it asks for the agenda again.
   */
  invalidate(groupId: number): void {
    this.counts.set(groupId, this.countOf(groupId) + 1);
  }

  /** Entries and their size, for the metrics. */
  get stats() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** Counts the compressed form of a kept answer once it is made. */
  addEncoded(answer: CachedAnswer, encoding: string, body: Buffer): void {
    if (answer.encoded.has(encoding)) return;
    answer.encoded.set(encoding, body);
    answer.bytes += body.length;
    this.bytes += body.length;
    this.evict();
  }

  private countOf(groupId: number): number {
    return this.counts.get(groupId) ?? 0;
  }

  private async startWatching(): Promise<boolean> {
    if (!this.watching) {
      this.watching = true;
      this.events.watch(
        (change) => this.counts.set(change.group_id, this.countOf(change.group_id) + 1),
        () => this.clear(),
      );
    }
    return this.events.listening();
  }

  private keep(key: string, entry: Entry): void {
    const previous = this.entries.get(key);
    if (previous) this.bytes -= previous.answer.bytes;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.answer.bytes;
    this.evict();
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= BUDGET_BYTES) break;
      this.entries.delete(key);
      this.bytes -= entry.answer.bytes;
    }
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }
}
