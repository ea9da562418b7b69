/**
 * The live agenda (docs/back-office.md "Live agenda"): one LISTEN per server process on the
 * channel the appointment and absence triggers NOTIFY, fanned out to the agendas open on this
 * process, per group. Every process sharing the database hears every change, so a booking taken
 * on one server reaches an agenda open on another.
 */
import type { AppContext } from '../../app-context.ts';

export const AGENDA_CHANNEL = 'creneau_agenda';

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
  private stop: Promise<(() => Promise<void>) | undefined> | undefined;

  constructor(private readonly listen: AppContext['listen']) {}

  /** Calls `onChange` for every change in the group until the returned function is called. */
  async subscribe(groupId: number, onChange: Subscriber): Promise<() => void> {
    let subscribers = this.byGroup.get(groupId);
    if (!subscribers) {
      subscribers = new Set();
      this.byGroup.set(groupId, subscribers);
    }
    subscribers.add(onChange);
    // Listen from the first subscriber on; a failed start is tried again by the next one.
    this.stop ??= this.listen(AGENDA_CHANNEL, (payload) => this.dispatch(payload)).catch((error: unknown) => {
      console.warn(`live agenda: cannot listen: ${error instanceof Error ? error.message : String(error)}`);
      this.stop = undefined;
      return undefined;
    });
    await this.stop;
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
    await stop?.();
  }

  private dispatch(payload: string): void {
    const change = parse(payload);
    if (!change) return;
    for (const subscriber of this.byGroup.get(change.group_id) ?? []) subscriber(change);
  }
}
