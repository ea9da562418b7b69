/**
 * Sends a kept answer (caching/kept-answers.ts) as JSON, compressed in the encoding the browser
 * accepts; the compressed form is made once per answer and kept with it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KeptAnswer, KeptAnswers } from '../caching/kept-answers.ts';
import { COMPRESS_MIN_BYTES, compressBody, pickEncoding, varyOnAcceptEncoding } from './compression.ts';

export async function sendKeptAnswer<Stamp>(
  request: FastifyRequest,
  reply: FastifyReply,
  answers: KeptAnswers<Stamp>,
  answer: KeptAnswer,
): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  varyOnAcceptEncoding(reply);
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding || answer.json.length < COMPRESS_MIN_BYTES) return reply.send(answer.json);
  let body = answer.encoded.get(encoding);
  if (!body) {
    body = await compressBody(Buffer.from(answer.json), encoding);
    answers.addEncoded(answer, encoding, body);
  }
  reply.header('content-encoding', encoding);
  return reply.send(body);
}
