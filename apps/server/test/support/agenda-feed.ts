/**
 * A test's client of the back office's live agenda (docs/back-office.md "Live agenda"): opens the
 * group's event stream and collects the `change` events it receives.
 */
import { expect } from 'vitest';
import { TEST_API_KEY } from './test-app.ts';

/** How soon a change must reach an open agenda. */
export const WITHIN_MS = 2_000;

/** An open event stream, collecting the `change` events it receives. */
export class AgendaFeed {
  readonly changes: { calendar_id: number; resource_id: number | null }[] = [];
  private readonly abort = new AbortController();
  private waiting: (() => void)[] = [];

  static async open(baseUrl: string, groupId: number, token: string): Promise<AgendaFeed | number> {
    const feed = new AgendaFeed();
    const response = await fetch(
      `${baseUrl}/api/v3/admin/groups/${groupId}/events?apikey=${TEST_API_KEY}&token=${token}`,
      { signal: feed.abort.signal },
    );
    if (response.status !== 200) return response.status;
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    void feed.read(response.body!.getReader());
    return feed;
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^event: change\ndata: (.*)$/m.exec(message)?.[1];
          if (data) {
            this.changes.push(JSON.parse(data));
            for (const wake of this.waiting.splice(0)) wake();
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
  }

  /** Waits until a change of this calendar arrived, or fails after WITHIN_MS. */
  async changeOf(calendarId: number): Promise<number> {
    const started = Date.now();
    while (!this.changes.some((change) => change.calendar_id === calendarId)) {
      const left = WITHIN_MS - (Date.now() - started);
      if (left <= 0) throw new Error(`no change of calendar ${calendarId} within ${WITHIN_MS} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return Date.now() - started;
  }

  close() {
    this.abort.abort();
  }
}
