import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  ALLOWED_IMAGE_MIME_TYPES,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_REJECTED_MESSAGE,
} from '../../../shared/validation';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../errors';
import { describeError, type Logger } from '../../logger';
import { coverTitleFonts, fontsCover, titlePaths } from './cover-title';
import type { SampleImages } from '../../ports';
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
}

/** Larger pictures are scaled down to fit; covers and portraits never show bigger. */
const MAX_IMAGE_SIDE = 1600;
/** Refuses decompression bombs: a small file that decodes to an enormous picture. */
const MAX_INPUT_PIXELS = 100_000_000;
const COVER_SIDE = 300;

type AllowedMimeType = (typeof ALLOWED_IMAGE_MIME_TYPES)[number];
const isAllowedMimeType = (mime: string): mime is AllowedMimeType =>
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

/**
 * A stable number from the title, so a title always gets the same colours: FNV-1a, then MurmurHash3's final
 * mix, which spreads similar titles over the whole colour wheel.
 */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const character of text) {
    hash ^= character.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** Greedy word wrap into at most `maxLines` lines; the last line ends with an ellipsis when text is left over. */
function wrapTitle(title: string, lineLength: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && [...`${last} ${word}`].length <= lineLength)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push([...word].length > lineLength ? `${[...word].slice(0, lineLength - 1).join('')}…` : word);
  }
  if (lines.length <= maxLines) return lines;
  return [...lines.slice(0, maxLines - 1), `${[...lines[maxLines - 1]!].slice(0, lineLength - 1).join('')}…`];
}

/**
 * A 300 px jpeg cover for a story created without an image (spec §2: a 300 px sample image, saved as jpeg):
 * a gradient in colours chosen from the title, with the title set on it. Made locally: it needs no network,
 * which the spec's remote image service would.
 */
export async function generateCoverImage(title: string): Promise<PreparedImage> {
  const hash = hashOf(title);
  const hue = hash % 360;
  const accentHue = (hue + 40 + ((hash >>> 9) % 80)) % 360;
  const lines = wrapTitle(title, 12, 5);
  const fontSize = lines.length > 3 ? 26 : 30;
  const lineHeight = fontSize * 1.25;
  const firstBaseline = COVER_SIDE / 2 - ((lines.length - 1) * lineHeight) / 2 + fontSize / 3;
  const fonts = coverTitleFonts();
  // A title the shipped fonts cannot draw whole (CJK, for now) leaves the cover without text rather than
  // with boxes in place of its characters.
  const titleOutlines = fontsCover(lines.join(' '), fonts)
    ? titlePaths(
        lines,
        fonts,
        {
          fontSize,
          centreX: COVER_SIDE / 2,
          baselines: lines.map((_line, index) => firstBaseline + index * lineHeight),
        },
        '#ffffff',
      )
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_SIDE}" height="${COVER_SIDE}">
  <defs>
    <linearGradient id="background" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue}, 48%, 38%)"/>
      <stop offset="1" stop-color="hsl(${accentHue}, 52%, 18%)"/>
    </linearGradient>
  </defs>
  <rect width="300" height="300" fill="url(#background)"/>
  <circle cx="${60 + (hash % 180)}" cy="${40 + ((hash >>> 4) % 60)}" r="${70 + ((hash >>> 12) % 50)}" fill="hsl(${accentHue}, 60%, 70%)" fill-opacity="0.18"/>
  <rect x="18" y="18" width="264" height="264" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="2"/>
  ${titleOutlines}
</svg>`;
  const body = await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
  return { body, contentType: 'image/jpeg', extension: 'jpg' };
}

/**
 * The cover of a story created without an image. Spec §2: a random 300 px sample picture from an image
 * service, saved as jpeg — fetched when a service is configured, checked by its content and cut to 300 px
 * square; without a service, or when it is slow, down or answers something that is not an image, the cover
 * is generated from the title. Creating a story never fails for want of a picture.
 */
export async function sampleCoverImage(
  sampleImages: SampleImages | undefined,
  title: string,
  logger: Logger,
): Promise<PreparedImage> {
  if (!sampleImages) return generateCoverImage(title);
  try {
    const bytes = await sampleImages.fetchRandom();
    const detected = await fileTypeFromBuffer(bytes);
    if (bytes.length > IMAGE_MAX_BYTES || !detected || !isAllowedMimeType(detected.mime)) {
      throw new Error('the image service answered something that is not an allowed image');
    }
    const body = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(COVER_SIDE, COVER_SIDE, { fit: 'cover' })
      .jpeg({ quality: 88 })
      .toBuffer();
    return { body, contentType: 'image/jpeg', extension: 'jpg' };
  } catch (error) {
    logger.warn('sample cover unavailable; generating one from the title', describeError(error));
    return generateCoverImage(title);
  }
}
