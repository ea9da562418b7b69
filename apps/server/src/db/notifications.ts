/**
 * PostgreSQL LISTEN on its own connection (docs/back-office.md "Live agenda"). A listening
 * connection is a session of its own: it cannot come from the query pool, and it must outlive a
 * dropped connection (a restart, a failover), so it reconnects after a pause until closed.
 */
import pg from 'pg';

export type NotificationListener = (payload: string) => void;
/**
 * LISTENs on `channel`; `onListening` runs each time the LISTEN is (re)established, so that a
 * listener can forget what it may have missed while disconnected.
 */
export type Listen = (
  channel: string,
  onPayload: NotificationListener,
  onListening?: () => void,
) => Promise<() => Promise<void>>;

const RECONNECT_MS = 1_000;

/** LISTENs on `channel` through a dedicated connection; answers a function that stops it. */
export function listenOnPostgres(connectionString: string): Listen {
  return async (channel, onPayload, onListening) => {
    let closed = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;

    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString });
      client = next;
      const reconnect = () => {
        if (closed || client !== next) return;
        client = undefined;
        next.end().catch(() => {});
        retry = setTimeout(() => void connect().catch(() => {}), RECONNECT_MS);
      };
      next.on('error', (error) => {
        console.warn(`PostgreSQL listener on ${channel}: ${error.message}`);
        reconnect();
      });
      next.on('end', reconnect);
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      try {
        await next.connect();
        await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        onListening?.();
      } catch (error) {
        reconnect();
        throw error;
      }
    };

    await connect();
    return async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    };
  };
}
