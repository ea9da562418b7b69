import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser.ts';

describe('the server-sent events parser', () => {
  it('reads the live agenda stream: retry, comments, change events', () => {
    const parser = createSseParser();
    const events = parser.push(
      'retry: 2000\n: connected\n\nevent: change\ndata: {"calendar_id":23,"resource_id":null}\n\n: ping\n\n',
    );
    expect(events).toEqual([{ event: 'change', data: '{"calendar_id":23,"resource_id":null}' }]);
    expect(parser.retry).toBe(2000);
  });

  it('completes an event split across chunks anywhere', () => {
    const whole = 'event: change\ndata: {"calendar_id":1}\n\nevent: change\ndata: {"calendar_id":2}\n\n';
    for (let cut = 1; cut < whole.length; cut++) {
      const parser = createSseParser();
      const events = [...parser.push(whole.slice(0, cut)), ...parser.push(whole.slice(cut))];
      expect(events.map((e) => e.data)).toEqual(['{"calendar_id":1}', '{"calendar_id":2}']);
    }
  });

  it('takes \\r\\n and \\r line breaks, even a \\r\\n split between chunks', () => {
    const parser = createSseParser();
    expect(parser.push('event: change\r\ndata: a\r')).toEqual([]);
    // The \n ends the \r of the previous chunk: no empty line, hence no event yet.
    expect(parser.push('\ndata: b\r\r')).toEqual([{ event: 'change', data: 'a\nb' }]);
    expect(parser.push('data: c\n\n')).toEqual([{ event: 'message', data: 'c' }]);
  });

  it('joins data lines, keeps a value without its one leading space, ignores unknown fields', () => {
    const parser = createSseParser();
    expect(parser.push('id: 7\nfoo: bar\ndata:one\ndata:  two\ndata\n\n')).toEqual([
      { event: 'message', data: 'one\n two\n' },
    ]);
  });

  it('dispatches nothing for an event without data, and forgets its name', () => {
    const parser = createSseParser();
    expect(parser.push('event: change\n\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('ignores a retry that is not a number', () => {
    const parser = createSseParser();
    parser.push('retry: soon\n\n');
    expect(parser.retry).toBeUndefined();
  });
});
