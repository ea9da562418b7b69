/** The group_images table (docs/back-office.md "Images"): the kept sizes of each upload. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ImageVariantBytes } from './image-variants.ts';

/** Keeps the variants of one upload together: all of them or, on any failure, none. */
export async function saveVariants(
  db: Kysely<Database>,
  image: { groupId: number; hash: string; uploadedBy: number; at: Date; variants: ImageVariantBytes[] },
): Promise<void> {
  await db
    .insertInto('group_images')
    .values(
      image.variants.map((variant) => ({
        group_id: image.groupId,
        hash: image.hash,
        variant: variant.variant,
        content_type: variant.contentType,
        width: variant.width,
        height: variant.height,
        bytes: variant.bytes,
        uploaded_by: image.uploadedBy,
        created_at: image.at,
      })),
    )
    // The same bytes uploaded again made the same variants: what is kept stands.
    .onConflict((conflict) => conflict.columns(['group_id', 'hash', 'variant']).doNothing())
    .execute();
}

export async function findVariant(db: Kysely<Database>, groupId: number, hash: string, variant: string) {
  return db
    .selectFrom('group_images')
    .select(['content_type', 'bytes'])
    .where('group_id', '=', groupId)
    .where('hash', '=', hash)
    .where('variant', '=', variant)
    .executeTakeFirst();
}
