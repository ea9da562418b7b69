/**
 * The sizes kept of an uploaded image (docs/back-office.md "Images"), made with sharp: each fitted
 * inside its box (IMAGE_VARIANTS) with its proportions kept and never enlarged, turned upright
 * from its camera orientation and stripped of its metadata (a photo's GPS position stays on the
 * phone). An image with transparency stays PNG; any other becomes JPEG, which every mail client
 * shows too.
 */
import { IMAGE_VARIANTS, type ImageVariant } from '@creneau/contract/endpoints/images';
import sharp from 'sharp';

export interface ImageVariantBytes {
  variant: ImageVariant;
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  bytes: Buffer;
}

/** A 5 MB file may still unpack to gigabytes of pixels: more than 50 megapixels is refused. */
const MAX_INPUT_PIXELS = 50_000_000;

// Uploads are rare and each image is read once: libvips' operation cache would only hold memory.
sharp.cache(false);

export class UnreadableImage extends Error {}

/**
 * Every variant of `source`; throws UnreadableImage when it cannot be decoded whole (each variant
 * decodes every pixel, and `failOn` makes a file cut short an error rather than a grey band).
 */
export async function makeVariants(source: Buffer): Promise<{
  width: number;
  height: number;
  variants: ImageVariantBytes[];
}> {
  const open = () => sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' });
  try {
    const meta = await open().metadata();
    if (!meta.width || !meta.height) throw new UnreadableImage('no size');
    const transparent = meta.hasAlpha === true;
    const variants = await Promise.all(
      (Object.keys(IMAGE_VARIANTS) as ImageVariant[]).map(async (variant) => {
        const box = IMAGE_VARIANTS[variant];
        const resized = open()
          .rotate()
          .resize({ ...box, fit: 'inside', withoutEnlargement: true });
        const encoded = transparent
          ? resized.png({ compressionLevel: 9, adaptiveFiltering: true })
          : resized.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true });
        const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
        return {
          variant,
          contentType: transparent ? ('image/png' as const) : ('image/jpeg' as const),
          width: info.width,
          height: info.height,
          bytes: data,
        };
      }),
    );
    const upright = (meta.orientation ?? 1) >= 5;
    return {
      width: upright ? meta.height : meta.width,
      height: upright ? meta.width : meta.height,
      variants,
    };
  } catch (error) {
    if (error instanceof UnreadableImage) throw error;
    throw new UnreadableImage(error instanceof Error ? error.message : String(error));
  }
}
