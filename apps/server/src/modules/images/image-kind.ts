/**
 * What an upload is, read from its first bytes rather than from its name or the type the browser
 * claims (docs/back-office.md "Images"): a PNG renamed `.jpg` is still a PNG, and an SVG — text
 * that may carry script — is never taken for an image.
 */

export type ImageKind = 'png' | 'jpeg' | 'webp';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

/** The kind of image the bytes begin as; null for anything else. */
export function imageKindOf(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  return null;
}
