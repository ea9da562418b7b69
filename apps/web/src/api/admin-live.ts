/**
 * GET /v3/admin/groups/{id}/events — the live agenda (docs/back-office.md "Live agenda"). Each
 * `change` event makes the group's open agendas read their days again; so does every reconnection,
 * since a change made while the stream was down is never announced.
 *
 * The stream is read with fetch() rather than EventSource: the session travels as the `token`
 * parameter like every other call, and the answer's status says whether trying again makes sense
 * (401 and 403 will not change by retrying; a dropped connection or a restarting server will).
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import { pathOf } from '@creneau/contract/request-path';
import { useCallback, useEffect, useRef, useState } from 'react';
import { appConfig } from '../lib/config.ts';
import { useQueryClient } from '../query/query.ts';
import { adminKeys } from './admin-keys.ts';
import { encodeQuery } from './query-encoding.ts';
import { createSseParser } from './sse-parser.ts';

/** connecting: the first attempt; live: open; retrying: lost, trying again; stopped: refused. */
export type LiveState = 'connecting' | 'live' | 'retrying' | 'stopped';

/** The server's own `retry:` (2 s) until it says otherwise. */
const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 30_000;
/** A burst of changes (a pack moved, a holiday closed) costs one reading of the agenda. */
const SETTLE_MS = 100;

/** The wait before the attempt after `failures` failed ones: doubling, capped, with some spread. */
export function retryDelay(failures: number, base: number, random = Math.random): number {
  const doubled = Math.min(LONGEST_RETRY_MS, base * 2 ** Math.max(0, failures - 1));
  return Math.round(doubled * (0.8 + 0.4 * random()));
}

function eventsUrl(groupId: number, token: string): string {
  const path = pathOf(backofficeRoutes.agendaEvents, { id: groupId });
  return `${appConfig.apiBase}/api${path}?${encodeQuery({ apikey: appConfig.apiKey, token })}`;
}

/**
 * Keeps the group's agenda stream open while mounted (and a session exists); answers its state and
 * a way to try again at once.
 */
export function useAgendaLive(groupId: number, token: string | null) {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const reconnectRef = useRef<() => void>(() => {});

  useEffect(() => {
    if (!token) {
      setState('stopped');
      return;
    }
    let ended = false;
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settle: ReturnType<typeof setTimeout> | undefined;
    let open = false;
    let attempts = 0;
    let failures = 0;
    let base = FIRST_RETRY_MS;

    const refresh = () => {
      clearTimeout(settle);
      settle = setTimeout(
        () => void client.invalidateQueries({ queryKey: adminKeys.agendas(groupId, token) }),
        SETTLE_MS,
      );
    };

    const connect = async () => {
      clearTimeout(timer);
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      const first = attempts++ === 0;
      try {
        const response = await fetch(eventsUrl(groupId, token), {
          credentials: 'include',
          cache: 'no-store',
          headers: { accept: 'text/event-stream' },
          signal: mine.signal,
        });
        if (response.status === 401 || response.status === 403) {
          setState('stopped');
          return;
        }
        if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
        open = true;
        failures = 0;
        setState('live');
        if (!first) refresh();
        const parser = createSseParser();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          if (parser.push(value).some((event) => event.event === 'change')) refresh();
          base = parser.retry ?? base;
        }
      } catch {
        // A dropped connection or a refused one: tried again below, unless this attempt was ended.
      }
      open = false;
      if (ended || mine.signal.aborted) return;
      failures++;
      setState('retrying');
      timer = setTimeout(() => void connect(), retryDelay(failures, base));
    };

    // Back online, or back on the tab after the device slept: no need to wait for the timer.
    const wake = () => {
      if (!ended && !open && document.visibilityState === 'visible') void connect();
    };
    reconnectRef.current = () => {
      if (!ended && !open) void connect();
    };
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', wake);
    setState('connecting');
    void connect();
    return () => {
      ended = true;
      clearTimeout(timer);
      clearTimeout(settle);
      controller?.abort();
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
      reconnectRef.current = () => {};
    };
  }, [client, groupId, token]);

  const reconnect = useCallback(() => reconnectRef.current(), []);
  return { state, reconnect };
}
