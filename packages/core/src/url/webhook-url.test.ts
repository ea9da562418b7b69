import { describe, expect, it } from 'vitest';
import { webhookUrlProblem } from './webhook-url.ts';

describe('webhook endpoint addresses', () => {
  const strict = { allowLoopback: false };
  const tests = { allowLoopback: true };

  it('accepts an https URL to a named host', () => {
    expect(webhookUrlProblem('https://hooks.example.com/creneau?x=1', strict)).toBeNull();
  });

  it('refuses other schemes, credentials, spaces and huge addresses', () => {
    expect(webhookUrlProblem('http://hooks.example.com/', strict)).toBe('notHttps');
    expect(webhookUrlProblem('javascript:alert(1)', strict)).toBe('notHttps');
    expect(webhookUrlProblem('ftp://hooks.example.com/', strict)).toBe('notHttps');
    expect(webhookUrlProblem('https://user:pw@hooks.example.com/', strict)).toBe('notHttps');
    expect(webhookUrlProblem(' https://hooks.example.com/', strict)).toBe('notHttps');
    expect(webhookUrlProblem(`https://hooks.example.com/${'a'.repeat(3000)}`, strict)).toBe('tooLong');
  });

  it('refuses IP literals and loopback names, loopback only when the test flag allows it', () => {
    expect(webhookUrlProblem('https://10.0.0.1/', strict)).toBe('privateHost');
    expect(webhookUrlProblem('https://192.168.1.20/', strict)).toBe('privateHost');
    expect(webhookUrlProblem('https://10.0.0.12:8443/', strict)).toBe('privateHost');
    expect(webhookUrlProblem('https://[fd00::1]/', strict)).toBe('privateHost');
    expect(webhookUrlProblem('https://intranet/', strict)).toBe('privateHost');
    expect(webhookUrlProblem('http://127.0.0.1:8080/hook', strict)).toBe('privateHost');
    expect(webhookUrlProblem('http://localhost:8080/hook', strict)).toBe('privateHost');
    expect(webhookUrlProblem('http://127.0.0.1:8080/hook', tests)).toBeNull();
    expect(webhookUrlProblem('http://[::1]:8080/hook', tests)).toBeNull();
    expect(webhookUrlProblem('http://10.0.0.1/', tests)).toBe('notHttps');
  });
});
