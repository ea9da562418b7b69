// @vitest-environment jsdom
/** useStoreInTransition (use-store-in-transition.ts): an external store's value, its changes rendered in a transition. */
import { act, render, screen, waitFor } from '@testing-library/react';
import { Suspense, use, useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useStoreInTransition } from './use-store-in-transition.ts';

/** A minimal external store: a value, and listeners told of each change. */
function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    listeners,
  };
}

type Store = ReturnType<typeof store<string>>;

function Show({ source, onLayout }: { source: Store; onLayout?: () => void }) {
  const value = useStoreInTransition(source.subscribe, source.get);
  useLayoutEffect(() => {
    onLayout?.();
  });
  return <p data-testid="value">{value}</p>;
}

const never = new Promise<never>(() => {});

/**
 * Waits for ever once the store says 'waiting' (as a lazy page's code does): a transition keeps the
 * page as it was, where an urgent render (useSyncExternalStore's) puts the Suspense fallback in its place.
 */
function WaitsOnChange({ source }: { source: Store }) {
  const value = useStoreInTransition(source.subscribe, source.get);
  if (value === 'waiting') use(never);
  return <p data-testid="value">{value}</p>;
}

describe('useStoreInTransition', () => {
  it("shows the store's value, then each change", async () => {
    const source = store('a');
    render(<Show source={source} />);
    expect(screen.getByTestId('value').textContent).toBe('a');
    act(() => source.set('b'));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('b'));
    act(() => source.set('c'));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('c'));
  });

  it('sees a change made between its render and its subscription', async () => {
    const source = store('before');
    // The layout effect runs after the render and before the passive effect that subscribes.
    render(
      <Show
        source={source}
        onLayout={() => {
          if (source.get() === 'before') source.set('after');
        }}
      />,
    );
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('after'));
  });

  it('reads a new store at once, and leaves the old one', async () => {
    const first = store('first');
    const second = store('second');
    const { rerender } = render(<Show source={first} />);
    rerender(<Show source={second} />);
    expect(screen.getByTestId('value').textContent).toBe('second');
    await waitFor(() => expect(first.listeners.size).toBe(0));
    act(() => first.set('ignored'));
    expect(screen.getByTestId('value').textContent).toBe('second');
  });

  it('renders a change as a transition: the page keeps what it shows while the next render waits', async () => {
    const source = store('shown');
    render(
      <Suspense fallback={<p>fallback</p>}>
        <WaitsOnChange source={source} />
      </Suspense>,
    );
    await act(async () => source.set('waiting'));
    expect(screen.queryByText('fallback')).toBeNull();
    expect(screen.getByTestId('value').textContent).toBe('shown');
  });

  it('stops listening when it leaves the page', () => {
    const source = store('x');
    const { unmount } = render(<Show source={source} />);
    expect(source.listeners.size).toBe(1);
    unmount();
    expect(source.listeners.size).toBe(0);
  });
});
