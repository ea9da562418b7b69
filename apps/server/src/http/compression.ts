/**
 * Compresses the answers the server builds itself (JSON, the app's HTML page, robots.txt, the
 * sitemap) with brotli or gzip, whichever the browser accepts (brotli first). Static files are not
 * touched: the web build ships them compressed already (`@fastify/static` `preCompressed`).
 * Small bodies stay as they are: below about one packet, compression saves nothing.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE_TYPE = /^(?:application\/(?:json|xml|javascript)|text\/|image\/svg\+xml)/;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in, from an Accept-Encoding header: brotli, else gzip, each unless
 * refused with `q=0`; `*` stands for any encoding not named.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/** Adds Accept-Encoding to Vary, keeping what is there. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = String(reply.getHeader('vary') ?? '');
  if (!current) reply.header('vary', 'accept-encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current))
    reply.header('vary', `${current}, accept-encoding`);
}

/** A body in an encoding the browser accepts. */
export function compressBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, {
        // Quality 5: most of brotli's gain at a small share of its maximum's time.
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipAsync(body, { level: 6 });
}

export function installResponseCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    // Measured without copying it: a body that goes out as it is (small, or no encoding accepted) is
    // then never copied.
    const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (length < COMPRESS_MIN_BYTES) return payload;
    // The answer depends on the header from here on, whether compressed or not.
    varyOnAcceptEncoding(reply);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const compressed = await compressBody(body, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
