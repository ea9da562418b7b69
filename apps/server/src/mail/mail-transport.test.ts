import { describe, expect, it } from 'vitest';
import { classifySmtpError, linksIn } from './mail-transport.ts';

const smtpError = (fields: Record<string, unknown>) => Object.assign(new Error('smtp said no'), fields);

describe('classifySmtpError', () => {
  it('treats a server that cannot be reached or spoken to as unreachable', () => {
    for (const code of ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH'])
      expect(classifySmtpError(smtpError({ code })).failure).toBe('unreachable');
  });

  it('gives up on a mail refused for good, but retries what the operator can fix or the server may accept later', () => {
    const refused = (command: string, permanent: boolean) =>
      classifySmtpError(
        smtpError({ code: 'EENVELOPE', command, permanent, responseCode: permanent ? 550 : 451 }),
      ).failure;
    expect(refused('RCPT TO', true)).toBe('rejected');
    expect(refused('DATA', true)).toBe('rejected');
    expect(refused('MAIL FROM', true)).toBe('temporary');
    expect(refused('RCPT TO', false)).toBe('temporary');
    expect(classifySmtpError('weird').failure).toBe('temporary');
  });

  it('keeps the original message and error as cause', () => {
    const original = smtpError({ code: 'ESOCKET' });
    const classified = classifySmtpError(original);
    expect(classified.message).toBe('smtp said no');
    expect(classified.cause).toBe(original);
  });
});

describe('linksIn', () => {
  it('finds each http(s) link once, without trailing punctuation', () => {
    const text =
      'Go to https://a.example/x?token=1&y=2.\nOr (http://b.example/login), again https://a.example/x?token=1&y=2\nmailto:no@example.com';
    expect(linksIn(text)).toEqual(['https://a.example/x?token=1&y=2', 'http://b.example/login']);
  });
});
