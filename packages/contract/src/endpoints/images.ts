/**
 * A group's images (docs/back-office.md "Images"): an owner or a manager uploads the bytes of a
 * PNG, JPEG or WebP image; the server keeps it resized to the sizes the pages use and serves each
 * size at a URL that never changes meaning, so browsers keep it for a year.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { dbId } from '../params.ts';
import { plainQuery } from './common.ts';

export { IMAGE_VARIANT_NAMES, IMAGE_VARIANTS, type ImageVariant, MAX_IMAGE_BYTES } from '../image-limits.ts';

const storedVariant = z.object({
  /** Path from the site root, usable as `logo_url` or an image `url` of the configuration. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const uploadImage = endpoint({
  method: 'POST',
  path: '/api/v3/admin/groups/:id/images',
  summary: 'Uploads an image of the group (its logo, a photo) and answers the URLs of its sizes',
  description:
    'The body is the image file itself, of any content type (`application/octet-stream` is usual): its kind is read from its first bytes, so a PNG named `.jpg` is a PNG. PNG, JPEG and WebP are taken; anything else (SVG, text, PDF…) answers `415 imageTypeUnsupported`, a file that cannot be decoded (cut short) `422 imageUnreadable`, more than 5 MB `413 imageTooLarge`. Owners and managers only. Uploading the same bytes again answers the same URLs.',
  tags: ['back office'],
  params: z.object({ id: dbId }),
  querystring: plainQuery,
  answers: {
    201: z.object({
      hash: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      variants: z.object({ logo: storedVariant, thumbnail: storedVariant, gallery: storedVariant }),
    }),
  },
});

export const getImage = endpoint({
  method: 'GET',
  path: '/api/v3/groups/:id/images/:file',
  summary: 'One size of an uploaded image (no api key: it is an <img> source)',
  description:
    'The file name holds the hash of the uploaded bytes, so its content never changes: `Cache-Control: public, max-age=31536000, immutable`, an `ETag`, and `304` to `If-None-Match`.',
  tags: ['back office'],
  params: z.object({
    id: dbId,
    file: z
      .string()
      .max(80)
      .regex(/^[0-9a-f]{32}-(logo|thumbnail|gallery)\.(png|jpg)$/, 'an image file name'),
  }),
  querystring: plainQuery,
  answers: { 200: z.string().describe('the image bytes, image/png or image/jpeg') },
});
