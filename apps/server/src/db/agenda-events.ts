/**
 * The live agenda (docs/back-office.md "Live agenda"): one LISTEN per server process on the
 * channel the appointment and absence triggers NOTIFY, fanned out to the agendas open on this
 * process, per group. Every process sharing the database hears every change, so a booking taken
 * on one server reaches an agenda open on another.
 */
import type { Listen } from './notifications.ts';

export const AGENDA_CHANNEL = 'creneau_agenda';
const RETRY_LISTEN_MS = 5_000;

export interface AgendaChange {
  group_id: number;
  calendar_id: number;
  resource_id: number | null;
}

type Subscriber = (change: AgendaChange) => void;

function parse(payload: string): AgendaChange | undefined {
  try {
    const value = JSON.parse(payload) as Partial<AgendaChange>;
    return typeof value.group_id === 'number' && typeof value.calendar_id === 'number'
      ? { group_id: value.group_id, calendar_id: value.calendar_id, resource_id: value.resource_id ?? null }
      : undefined;
  } catch {
    return undefined;
  }
}

export class AgendaEvents {
  private readonly byGroup = new Map<number, Set<Subscriber>>();
  private readonly everyChange = new Set<Subscriber>();
  private readonly resumed = new Set<() => void>();
  private stop: Promise<(() => Promise<void>) | undefined> | undefined;
  /** After a failed start, callers are told "not listening" until then instead of each trying again. */
  private retryAfter = 0;

  constructor(private readonly listen: Listen) {}

  /**
   * Starts listening if not yet; answers whether this process is listening, i.e. hears every
   * change from now on. A failed start is tried again by the first caller RETRY_LISTEN_MS later.
   */
  async listening(): Promise<boolean> {
    if (!this.stop && Date.now() < this.retryAfter) return false;
    this.stop ??= this.listen(
      AGENDA_CHANNEL,
      (payload) => this.dispatch(payload),
      () => {
        for (const resume of this.resumed) resume();
      },
    ).catch((error: unknown) => {
      console.warn(`live agenda: cannot listen: ${error instanceof Error ? error.message : String(error)}`);
      this.stop = undefined;
      this.retryAfter = Date.now() + RETRY_LISTEN_MS;
      return undefined;
    });
    return (await this.stop) !== undefined;
  }

  /**
   * Every change of every group, and a call each time listening (re)starts — after which changes
   * made while disconnected may have been missed.
   */
  watch(onChange: Subscriber, onResume: () => void): void {
    this.everyChange.add(onChange);
    this.resumed.add(onResume);
  }

  /** Calls `onChange` for every change in the group until the returned function is called. */
  async subscribe(groupId: number, onChange: Subscriber): Promise<() => void> {
    let subscribers = this.byGroup.get(groupId);
    if (!subscribers) {
      subscribers = new Set();
      this.byGroup.set(groupId, subscribers);
    }
    subscribers.add(onChange);
    await this.listening();
    return () => {
      subscribers.delete(onChange);
      if (subscribers.size === 0) this.byGroup.delete(groupId);
    };
  }

  /** Open agendas on this process (the metrics read it). */
  get openCount(): number {
    let count = 0;
    for (const subscribers of this.byGroup.values()) count += subscribers.size;
    return count;
  }

  async close(): Promise<void> {
    const stop = await this.stop;
    this.stop = undefined;
    this.byGroup.clear();
    this.everyChange.clear();
    this.resumed.clear();
    await stop?.();
  }

  private dispatch(payload: string): void {
    const change = parse(payload);
    if (!change) return;
    for (const watcher of this.everyChange) watcher(change);
    for (const subscriber of this.byGroup.get(change.group_id) ?? []) subscriber(change);
  }
}
