import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imageKindOf } from './image-kind.ts';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const webp = (size: number[]) => [0x52, 0x49, 0x46, 0x46, ...size, 0x57, 0x45, 0x42, 0x50];
const bytes = (...parts: number[][]) => new Uint8Array(parts.flat());

describe('the kind of an upload, by its first bytes (docs/back-office.md "Images")', () => {
  it('knows PNG, JPEG and WebP whatever follows their signature', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }), (tail) => {
        expect(imageKindOf(bytes(PNG, tail))).toBe('png');
        expect(imageKindOf(bytes(JPEG, tail))).toBe('jpeg');
        expect(imageKindOf(bytes(webp([1, 2, 3, 4]), tail))).toBe('webp');
      }),
    );
  });

  it('refuses SVG, text, other RIFF files, empty and cut signatures', () => {
    const text = (value: string) => new Uint8Array(Buffer.from(value));
    expect(imageKindOf(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageKindOf(text('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(imageKindOf(text('GIF89a'))).toBeNull();
    expect(imageKindOf(text('%PDF-1.7'))).toBeNull();
    expect(imageKindOf(bytes([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0], [...Buffer.from('WAVE')]))).toBeNull();
    expect(imageKindOf(new Uint8Array())).toBeNull();
    expect(imageKindOf(bytes(PNG.slice(0, 7)))).toBeNull();
    expect(imageKindOf(bytes(JPEG.slice(0, 2)))).toBeNull();
    expect(imageKindOf(bytes(webp([1, 2, 3, 4]).slice(0, 11)))).toBeNull();
  });

  it('finds no image in bytes that begin otherwise', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (random) => {
        const starts = (signature: number[]) => signature.every((byte, i) => random[i] === byte);
        const riffWebp =
          starts([0x52, 0x49, 0x46, 0x46]) && [0x57, 0x45, 0x42, 0x50].every((b, i) => random[8 + i] === b);
        if (starts(PNG) || starts(JPEG) || riffWebp) return;
        expect(imageKindOf(random)).toBeNull();
      }),
    );
  });
});
