/**
 * Reads an external store as useSyncExternalStore does, but re-renders for its changes in a React
 * transition (docs/web-app.md "First paint"). useSyncExternalStore renders every change at once,
 * in one blocking task: on a phone the renders that follow the start-up answers and the language's
 * texts were each a task of 60–300 ms, with the page unable to answer a tap meanwhile. A transition
 * is rendered in slices of a few milliseconds, the browser free to paint and respond between them.
 *
 * What a transition gives up: a change shows once its whole render is ready, and components may
 * show the store's previous value for that long. Neither matters for answers from the network.
 */
import { startTransition, useEffect, useRef, useState } from 'react';

export function useStoreInTransition<S>(
  /** Stable for a given store: a new one is taken as a new store, read at once. */
  subscribe: (listener: () => void) => () => void,
  getSnapshot: () => S,
): S {
  const [seen, setSeen] = useState(() => ({ subscribe, value: getSnapshot() }));
  // A new store (a query's new key) shows its current value at once, as useSyncExternalStore would.
  const value = seen.subscribe === subscribe ? seen.value : getSnapshot();
  const read = useRef(getSnapshot);
  read.current = getSnapshot;
  const shown = useRef(value);
  shown.current = value;

  useEffect(() => {
    const update = () => {
      const next = read.current();
      if (Object.is(next, shown.current)) return;
      startTransition(() => setSeen({ subscribe, value: next }));
    };
    const unsubscribe = subscribe(update);
    // A change between this render and the subscription would otherwise go unseen.
    update();
    return unsubscribe;
  }, [subscribe]);
  return value;
}
