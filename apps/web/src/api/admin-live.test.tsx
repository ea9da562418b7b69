// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '../query/query.ts';
import { adminKeys } from './admin-keys.ts';
import { retryDelay, useAgendaLive } from './admin-live.ts';

/** A stream answer the test writes into, and closes to drop the connection. */
function streamAnswer() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    drop: () => controller.close(),
  };
}

function setup() {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, invalidate, wrapper };
}

describe('the live agenda', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('reads the agendas again on each change and after a reconnection, not on the first opening', async () => {
    const first = streamAnswer();
    const second = streamAnswer();
    fetchMock.mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const { invalidate, wrapper } = setup();
    const { result, unmount } = renderHook(() => useAgendaLive(12, 'tok'), { wrapper });

    await waitFor(() => expect(result.current.state).toBe('live'));
    const url = String(fetchMock.mock.calls[0]![0]);
    expect(url).toMatch(/\/api\/v3\/admin\/groups\/12\/events\?/);
    expect(url).toContain('token=tok');
    first.write('retry: 300\n: connected\n\n');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(invalidate).not.toHaveBeenCalled();

    first.write('event: change\ndata: {"calendar_id":3,"resource_id":null}\n\n');
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: adminKeys.agendas(12, 'tok') }));
    expect(invalidate).toHaveBeenCalledTimes(1);

    // The server went away: the state says so, then the stream comes back and the days are read again.
    first.drop();
    await waitFor(() => expect(result.current.state).toBe('retrying'));
    await waitFor(() => expect(result.current.state).toBe('live'));
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    unmount();
    const signal = (fetchMock.mock.calls[1]![1] as RequestInit).signal!;
    expect(signal.aborted).toBe(true);
  });

  it('stops on 403 rather than retrying', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 403 }));
    const { wrapper } = setup();
    const { result } = renderHook(() => useAgendaLive(12, 'tok'), { wrapper });
    await waitFor(() => expect(result.current.state).toBe('stopped'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tries again at once when asked, without waiting for the timer', async () => {
    const later = streamAnswer();
    fetchMock.mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(later.response);
    const { wrapper } = setup();
    const { result } = renderHook(() => useAgendaLive(12, 'tok'), { wrapper });
    await waitFor(() => expect(result.current.state).toBe('retrying'));
    act(() => result.current.reconnect());
    await waitFor(() => expect(result.current.state).toBe('live'));
  });
});

describe('the wait between attempts', () => {
  it('doubles from the server’s retry up to 30 s, spread by ±20 %', () => {
    expect(retryDelay(1, 2000, () => 0.5)).toBe(2000);
    expect(retryDelay(2, 2000, () => 0.5)).toBe(4000);
    expect(retryDelay(3, 2000, () => 0)).toBe(6400);
    expect(retryDelay(20, 2000, () => 1)).toBe(36000);
    expect(retryDelay(20, 2000, () => 0.5)).toBe(30000);
  });
});
