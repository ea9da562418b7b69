/**
 * The text/event-stream format (the WHATWG "server-sent events" parsing rules) read from chunks
 * as they arrive: a chunk may end anywhere, even between the \r and \n of one line break. The live
 * agenda reads its stream with fetch() rather than EventSource so that it sees the answer's status
 * (a 401 or 403 is not worth retrying) and decides itself when to reconnect.
 */

export interface SseEvent {
  /** The `event:` field, or "message" when the event named none. */
  event: string;
  /** The `data:` lines joined by line breaks. */
  data: string;
}

export interface SseParser {
  /** Reads a chunk; answers the events it completed. */
  push: (chunk: string) => SseEvent[];
  /** The last `retry:` delay the stream asked for, in milliseconds, if any. */
  readonly retry: number | undefined;
}

export function createSseParser(): SseParser {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let retry: number | undefined;
  // A chunk that ended on \r: a \n starting the next one belongs to the same line break.
  let afterCr = false;

  const line = (text: string, out: SseEvent[]) => {
    if (text === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  };

  return {
    push(chunk) {
      const out: SseEvent[] = [];
      let text = chunk;
      if (afterCr && text.startsWith('\n')) text = text.slice(1);
      afterCr = false;
      buffer += text;
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        if (end === -1) break;
        const crlf = buffer.startsWith('\r\n', end);
        // A lone \r at the very end may be the first half of \r\n: the next chunk tells.
        if (!crlf && buffer[end] === '\r' && end === buffer.length - 1) afterCr = true;
        line(buffer.slice(0, end), out);
        buffer = buffer.slice(end + (crlf ? 2 : 1));
      }
      return out;
    },
    get retry() {
      return retry;
    },
  };
}
