/**
 * The routes of a group's images (docs/back-office.md "Images"). The upload's body is the file's
 * bytes whatever its content type: this scope reads every type as bytes, up to the limit, and the
 * service decides by content. Sizes are served without an api key (an <img> sends none), for a
 * year: their URL names the hash of their content.
 */
import * as contract from '@creneau/contract/endpoints/images';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/request-scope.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { imageTooLarge, readImage, uploadImage } from './images.service.ts';

const A_YEAR = 365 * 24 * 3600;

/** Reads the whole body as bytes, refusing at once what says or turns out to be over the limit. */
function readBytes(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: (error: Error | null, body?: Buffer) => void,
) {
  if (Number(request.headers['content-length'] ?? 0) > contract.MAX_IMAGE_BYTES) {
    done(imageTooLarge());
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  payload.on('data', (chunk: Buffer) => {
    size += chunk.length;
    // Past the limit the rest is read and dropped, so the answer reaches a client still sending.
    if (size > contract.MAX_IMAGE_BYTES) over = true;
    if (!over) chunks.push(chunk);
  });
  payload.on('end', () => (over ? done(imageTooLarge()) : done(null, Buffer.concat(chunks))));
  payload.on('error', (error) => done(error));
}

export function registerImageRoutes(app: ZodApp): void {
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', readBytes);
    scope.post(
      contract.uploadImage.path,
      { schema: schemaOf(contract.uploadImage) },
      async (request, reply) =>
        reply.status(201).send(await uploadImage(await scopeOf(request, request.params.id), request.body)),
    );
  });

  app.get(
    contract.getImage.path,
    { schema: schemaOf(contract.getImage), config: { apiKeyOptional: true } },
    async (request, reply) => {
      const image = await readImage(request.context, request.params.id, request.params.file);
      reply.header('cache-control', `public, max-age=${A_YEAR}, immutable`);
      reply.header('etag', image.etag);
      if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
      return reply.type(image.contentType).send(image.bytes);
    },
  );
}
