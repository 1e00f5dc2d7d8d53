import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  ALLOWED_IMAGE_MIME_TYPES,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_REJECTED_MESSAGE,
} from '../../../shared/validation';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../errors';
import { hasDataAfterImage } from './image-end';

/**
 * Story and series images: checked by content, re-encoded (which drops EXIF and GPS metadata, as sharp keeps
 * none unless asked), stored in the images bucket under `images/...` and served from the same path, by
 * CloudFront in AWS and by the embedded server locally.
 */
export interface PreparedImage {
  body: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/gif';
  extension: 'jpg' | 'png' | 'gif';
  /** A cover drawn from the story's title, which a new title draws again (see `isTitleCover`). */
  drawnFromTitle?: boolean;
}

/** Larger pictures are scaled down to fit; covers and portraits never show bigger. */
const MAX_IMAGE_SIDE = 1600;
/** Refuses decompression bombs: a small file that decodes to an enormous picture. */
export const MAX_INPUT_PIXELS = 100_000_000;

type AllowedMimeType = (typeof ALLOWED_IMAGE_MIME_TYPES)[number];
export const isAllowedMimeType = (mime: string): mime is AllowedMimeType =>
  (ALLOWED_IMAGE_MIME_TYPES as readonly string[]).includes(mime);

/** An uploaded png, jpeg or gif, judged by its bytes, not its name; anything else answers 415. */
export async function prepareUploadedImage(bytes: Buffer): Promise<PreparedImage> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new PayloadTooLargeError(IMAGE_TOO_LARGE_MESSAGE);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !isAllowedMimeType(detected.mime)) {
    throw new UnsupportedMediaTypeError(IMAGE_TYPE_REJECTED_MESSAGE);
  }
  // A polyglot (a picture that is also an archive, a page or a script) is refused as not an image.
  if (hasDataAfterImage(bytes, detected.mime))
    throw new UnsupportedMediaTypeError(IMAGE_TYPE_REJECTED_MESSAGE);
  try {
    const resize = {
      width: MAX_IMAGE_SIDE,
      height: MAX_IMAGE_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    } as const;
    if (detected.mime === 'image/gif') {
      // Animated GIFs stay animated; GIFs carry no camera orientation to apply.
      const body = await sharp(bytes, { animated: true, limitInputPixels: MAX_INPUT_PIXELS })
        .resize(resize)
        .gif()
        .toBuffer();
      return { body, contentType: 'image/gif', extension: 'gif' };
    }
    // rotate() applies the camera's orientation before the metadata that carried it is dropped.
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize(resize);
    if (detected.mime === 'image/png') {
      return { body: await image.png().toBuffer(), contentType: 'image/png', extension: 'png' };
    }
    return {
      body: await image.jpeg({ quality: 85 }).toBuffer(),
      contentType: 'image/jpeg',
      extension: 'jpg',
    };
  } catch {
    // Truncated, corrupt, or a decompression bomb (more than MAX_INPUT_PIXELS): not an image we take.
    throw new ValidationError(IMAGE_TYPE_REJECTED_MESSAGE);
  }
}
