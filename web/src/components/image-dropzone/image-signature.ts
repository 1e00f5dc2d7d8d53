import type { ALLOWED_IMAGE_MIME_TYPES } from '../../../../shared/validation';

type AllowedImageType = (typeof ALLOWED_IMAGE_MIME_TYPES)[number];

/** The first bytes of each allowed image type: what the server's check (file-type) looks at too. */
const SIGNATURES: { type: AllowedImageType; bytes: readonly number[][] }[] = [
  { type: 'image/png', bytes: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  { type: 'image/jpeg', bytes: [[0xff, 0xd8, 0xff]] },
  // GIF87a and GIF89a.
  {
    type: 'image/gif',
    bytes: [
      [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
      [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
    ],
  },
];

/** How many leading bytes of a file `imageTypeOf` needs. */
export const IMAGE_SIGNATURE_LENGTH = 8;

/** The allowed image type the bytes start with, or null for anything else (a renamed PDF, a text file). */
export function imageTypeOf(header: Uint8Array): AllowedImageType | null {
  const starts = (signature: readonly number[]) => signature.every((byte, index) => header[index] === byte);
  return SIGNATURES.find(({ bytes }) => bytes.some(starts))?.type ?? null;
}

/** Whether a chosen file really is a png, jpeg or gif, judged by its content as the server judges it. */
export async function isAllowedImageFile(file: Blob): Promise<boolean> {
  const header = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_LENGTH).arrayBuffer());
  return imageTypeOf(header) !== null;
}
