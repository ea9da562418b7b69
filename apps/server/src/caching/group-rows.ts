/**
 * Group rows kept per process for the slot list (docs/availability.md "Answer cache"): a kept slot
 * answer otherwise still costs the read of its group's row. A kept row is used only while no change
 * to it has been heard since it was read — every update or delete of a group row NOTIFYs its id
 * (migration 017), and a write through this process counts at once (change-clock.ts). While the
 * LISTEN is down, rows are read every time.
 */
import type { GroupRow } from '../db/database.ts';
import type { Listen } from '../db/notifications.ts';
import type { ChangeClock, ChangeStamp } from './change-clock.ts';

export const GROUPS_CHANNEL = 'creneau_groups';
/** Rows kept at most; the oldest go first. A row is about a kilobyte. */
const MAX_ROWS = 10_000;
const RETRY_LISTEN_MS = 5_000;

export class KeptGroupRows {
  private readonly rows = new Map<number, { row: GroupRow; at: ChangeStamp }>();
  private started: Promise<boolean> | undefined;
  private stop: (() => Promise<void>) | undefined;
  private retryAfter = 0;

  constructor(
    private readonly listen: Listen,
    private readonly changes: ChangeClock,
  ) {}

  /** The group's row, kept or read by `read`; `undefined` rows (unknown groups) are never kept. */
  async find(groupId: number, read: () => Promise<GroupRow | undefined>): Promise<GroupRow | undefined> {
    const at = (await this.listening()) ? await this.changes.stamp() : undefined;
    if (at === undefined) return read();
    const kept = this.rows.get(groupId);
    if (kept && this.changes.groupRowUnchangedSince(kept.at, groupId)) return kept.row;
    const row = await read();
    this.rows.delete(groupId);
    if (row && this.changes.groupRowUnchangedSince(at, groupId)) {
      if (this.rows.size >= MAX_ROWS) this.rows.delete(this.rows.keys().next().value!);
      this.rows.set(groupId, { row, at });
    }
    return row;
  }

  async close(): Promise<void> {
    const started = this.started;
    this.started = undefined;
    if (started && (await started)) await this.stop?.();
  }

  private listening(): Promise<boolean> {
    if (!this.started && Date.now() < this.retryAfter) return Promise.resolve(false);
    this.started ??= this.listen(
      GROUPS_CHANNEL,
      (payload) => this.changes.groupChanged(Number(payload)),
      () => this.changes.missedChanges(),
    ).then(
      (stop) => {
        this.stop = stop;
        return true;
      },
      (error: unknown) => {
        console.warn(
          `kept group rows: cannot listen: ${error instanceof Error ? error.message : String(error)}`,
        );
        this.started = undefined;
        this.retryAfter = Date.now() + RETRY_LISTEN_MS;
        return false;
      },
    );
    return this.started;
  }
}
