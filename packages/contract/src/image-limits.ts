/**
 * The limits of a group's images (docs/back-office.md "Images"), without zod, so that the web app
 * can check a file before sending it and the server enforces the same numbers.
 */

/** The largest upload, in bytes: a phone photo; larger is refused (`413 imageTooLarge`). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The sizes kept of every image, each fitted inside its box with its proportions kept. */
export const IMAGE_VARIANTS = {
  /** The header's logo (36 px high, up to 200 px wide), at three times that for sharp screens. */
  logo: { width: 600, height: 108 },
  /** A service's or a calendar's picture in a list. */
  thumbnail: { width: 480, height: 480 },
  /** The home page's slider and highlights. */
  gallery: { width: 1600, height: 1200 },
} as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;
export const IMAGE_VARIANT_NAMES = Object.keys(IMAGE_VARIANTS) as ImageVariant[];
