import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installSecurityHeaders } from './security-headers.ts';

/** What @fastify/helmet sent with the same options before the middleware was built once. */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors *;" +
    "img-src 'self' data: https:;object-src 'none';script-src 'self';script-src-attr 'none';" +
    "style-src 'self' 'unsafe-inline';connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

async function appWithHeaders() {
  const app = Fastify();
  installSecurityHeaders(app);
  app.get('/plain', async () => ({ ok: 1 }));
  app.get('/own-policy', async (_request, reply) => {
    reply.header('content-security-policy', "default-src 'none'");
    return { ok: 1 };
  });
  return app;
}

describe('security headers', () => {
  it('sends the same headers on every answer, found or not, and no frame blocking', async () => {
    const app = await appWithHeaders();
    for (const url of ['/plain', '/plain', '/missing']) {
      const response = await app.inject({ url });
      expect(response.headers).toMatchObject(EXPECTED);
      expect(response.headers['x-frame-options']).toBeUndefined();
      expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
    await app.close();
  });

  it("lets a route send its own policy (the web page's, with its nonce)", async () => {
    const app = await appWithHeaders();
    const response = await app.inject({ url: '/own-policy' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });
});
