/**
 * The calls waiting to be retried because the server was busy (docs/operations.md "Under overload"):
 * the API client records each one here, from its first 503 until it ends one way or another, and
 * the busy banner shows the countdown. A call being retried right now stays listed, so the banner
 * does not flicker off and on between two refusals.
 */
import { create } from 'zustand';

interface BusyState {
  /** Per waiting call, the instant (epoch ms) its next try is due. */
  waits: Readonly<Record<number, number>>;
}

export const useBusyStore = create<BusyState>(() => ({ waits: {} }));

let nextId = 1;

/** One call's stay in the list: move its next try, and leave when the call is over. */
export interface BusyWait {
  retryAt(instant: number): void;
  end(): void;
}

export function startBusyWait(): BusyWait {
  const id = nextId++;
  return {
    retryAt(instant) {
      useBusyStore.setState((state) => ({ waits: { ...state.waits, [id]: instant } }));
    },
    end() {
      useBusyStore.setState((state) => {
        if (!(id in state.waits)) return state;
        const { [id]: _ended, ...rest } = state.waits;
        return { waits: rest };
      });
    },
  };
}

/**
 * When the last of the waiting calls will be tried again, or null when none is waiting: the banner
 * counts down to the moment everything on the page has been asked again.
 */
export function lastRetryAt(waits: Readonly<Record<number, number>>): number | null {
  const instants = Object.values(waits);
  return instants.length === 0 ? null : Math.max(...instants);
}
