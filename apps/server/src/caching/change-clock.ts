/**
 * When, on this process's own count, each calendar and each group last changed (docs/server.md
 * "Kept answers"). Every appointment and absence change NOTIFYs with its group, calendar and
 * resource (agenda-events.ts); every process LISTENs, so a change made through any server reaches
 * all of them. A cache takes `stamp()` before it reads an answer and keeps it with that stamp; the
 * answer is current while nothing it was read from has changed since — a change that lands during
 * the read counts as after it.
 *
 * Whatever cannot be heard makes everything old: while not listening `stamp()` is undefined and
 * nothing may be kept, and when listening starts again after a dropped connection every stamp taken
 * before is out of date, since the changes in between were not heard.
 */
import type { AgendaChange, AgendaEvents } from '../db/agenda-events.ts';

export type ChangeStamp = number;

export class ChangeClock {
  private tick = 0;
  /** Changes before this were possibly missed. */
  private heardSince = 0;
  private readonly calendars = new Map<number, number>();
  /** Any change in the group, on whichever calendar. */
  private readonly groups = new Map<number, number>();
  /** Changes to a group as a whole: its own row, or any write through this process (groupChanged). */
  private readonly wholeGroups = new Map<number, number>();
  private watching = false;

  constructor(private readonly events: AgendaEvents) {}

  /** The moment an answer is read at, or undefined when changes cannot be heard (keep nothing). */
  async stamp(): Promise<ChangeStamp | undefined> {
    if (!this.watching) {
      this.watching = true;
      this.events.watch(
        (change) => this.heard(change),
        () => this.missedChanges(),
      );
    }
    // Taken once listening: what is read after it is newer than anything missed before. A LISTEN
    // that drops and restarts later moves heardSince past it.
    return (await this.events.listening()) ? this.tick : undefined;
  }

  /**
   * A change made through this process, heard at once rather than when its own notification comes
   * back a moment later: its author may ask again before that.
   */
  groupChanged(groupId: number): void {
    this.wholeGroups.set(groupId, ++this.tick);
  }

  /**
   * Changes may have been missed (a LISTEN came back after a dropped connection): everything read
   * before now is out of date.
   */
  missedChanges(): void {
    this.heardSince = ++this.tick;
  }

  /** Whether the group's own row (and so its settings and catalogue version) is unchanged since `stamp`. */
  groupRowUnchangedSince(stamp: ChangeStamp, groupId: number): boolean {
    return this.wholeGroupUnchanged(stamp, groupId);
  }

  /** Whether nothing in the group has changed since `stamp`. */
  groupUnchangedSince(stamp: ChangeStamp, groupId: number): boolean {
    return this.wholeGroupUnchanged(stamp, groupId) && (this.groups.get(groupId) ?? 0) <= stamp;
  }

  /** Whether none of these calendars (and resources) of the group has changed since `stamp`. */
  calendarsUnchangedSince(stamp: ChangeStamp, groupId: number, calendarIds: readonly number[]): boolean {
    if (!this.wholeGroupUnchanged(stamp, groupId)) return false;
    for (const id of calendarIds) if ((this.calendars.get(id) ?? 0) > stamp) return false;
    return true;
  }

  private wholeGroupUnchanged(stamp: ChangeStamp, groupId: number): boolean {
    return this.heardSince <= stamp && (this.wholeGroups.get(groupId) ?? 0) <= stamp;
  }

  private heard(change: AgendaChange): void {
    const at = ++this.tick;
    this.groups.set(change.group_id, at);
    this.calendars.set(change.calendar_id, at);
    if (change.resource_id !== null) this.calendars.set(change.resource_id, at);
  }
}
