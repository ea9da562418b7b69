/**
 * A group's images (docs/back-office.md "Images"): an upload is checked — its size, its kind by
 * content — and resized before anything is written, then its sizes are kept in one statement, so a
 * refused or failed upload leaves nothing behind. Served by hash, their content never changes.
 */
import { createHash } from 'node:crypto';
import { IMAGE_VARIANT_NAMES, type ImageVariant, MAX_IMAGE_BYTES } from '@creneau/contract/endpoints/images';
import type { AppContext, Scope } from '../../app-context.ts';
import { DomainError, errors } from '../../errors/domain-error.ts';
import { contextOfGroup } from '../../sharding/group-shard-context.ts';
import { requireRight } from '../backoffice/membership.service.ts';
import { imageKindOf } from './image-kind.ts';
import { makeVariants, UnreadableImage } from './image-variants.ts';
import * as repo from './images.repository.ts';

export const imageTooLarge = () =>
  new DomainError('tooLarge', 'imageTooLarge', { details: { max_bytes: MAX_IMAGE_BYTES } });

const extensionOf = (contentType: string) => (contentType === 'image/png' ? 'png' : 'jpg');

/** The path an image's size is served at (images.routes.ts). */
export const imagePath = (groupId: number, hash: string, variant: ImageVariant, contentType: string) =>
  `/api/v3/groups/${groupId}/images/${hash}-${variant}.${extensionOf(contentType)}`;

export async function uploadImage(scope: Scope, body: unknown) {
  const member = await requireRight(scope, 'images.upload');
  const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  if (bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  if (!imageKindOf(bytes))
    throw new DomainError('unsupportedType', 'imageTypeUnsupported', {
      details: { accepted: ['image/png', 'image/jpeg', 'image/webp'] },
    });
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  let made: Awaited<ReturnType<typeof makeVariants>>;
  try {
    made = await makeVariants(bytes);
  } catch (error) {
    if (error instanceof UnreadableImage) throw errors.unprocessable('imageUnreadable');
    throw error;
  }
  await repo.saveVariants(scope.ctx.db, {
    groupId: scope.group.id,
    hash,
    uploadedBy: member.accountId,
    at: scope.now,
    variants: made.variants,
  });
  const variants = Object.fromEntries(
    made.variants.map((variant) => [
      variant.variant,
      {
        url: imagePath(scope.group.id, hash, variant.variant, variant.contentType),
        width: variant.width,
        height: variant.height,
      },
    ]),
  ) as Record<ImageVariant, { url: string; width: number; height: number }>;
  return { hash, width: made.width, height: made.height, variants };
}

/** One kept size, by its file name ("{hash}-{variant}.{png|jpg}"); 404 when there is none. */
export async function readImage(ctx: AppContext, groupId: number, file: string) {
  const match = /^([0-9a-f]{32})-(\w+)\.(png|jpg)$/.exec(file);
  const variant = match?.[2] as ImageVariant | undefined;
  if (!match || !variant || !IMAGE_VARIANT_NAMES.includes(variant)) throw errors.notFound('imageNotFound');
  // The address names the group: its images are among its rows, on its shard.
  const { db } = await contextOfGroup(ctx, groupId, false);
  const found = await repo.findVariant(db, groupId, match[1] as string, variant);
  if (!found || extensionOf(found.content_type) !== match[3]) throw errors.notFound('imageNotFound');
  return {
    contentType: found.content_type,
    bytes: Buffer.from(found.bytes),
    etag: `"${match[1]}-${variant}"`,
  };
}
