import { describe, expect, it } from 'vitest';
import { imageTypeOf } from '../../../web/src/components/image-dropzone/image-signature';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('image signature', () => {
  it.each([
    ['a png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'image/png'],
    ['a jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46), 'image/jpeg'],
    ['a GIF89a', bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0), 'image/gif'],
    ['a GIF87a', bytes(0x47, 0x49, 0x46, 0x38, 0x37, 0x61, 1, 0), 'image/gif'],
  ])('knows %s by its first bytes', (_name, header, type) => {
    expect(imageTypeOf(header)).toBe(type);
  });

  it.each([
    ['a PDF', bytes(0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37)],
    ['text', new TextEncoder().encode('Not an image')],
    ['a file cut short', bytes(0x89, 0x50)],
    ['an empty file', bytes()],
  ])('refuses %s', (_name, header) => {
    expect(imageTypeOf(header)).toBeNull();
  });
});
