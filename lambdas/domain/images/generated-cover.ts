import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from '../../../shared/validation';
import { describeError, type Logger } from '../../logger';
import type { SampleImages } from '../ports';
import { coverTitleFonts, fontsCover, titlePaths } from './cover-title';
import { wrapTitle } from './cover-title-lines';
import { isAllowedMimeType, MAX_INPUT_PIXELS, type PreparedImage } from './images';

/**
 * The covers of stories created without an image (spec §2): a sample picture, or one generated from the
 * title. Apart from `images.ts` because drawing a title needs fontkit and the cover fonts, which the CDK
 * bundling copies only beside the functions that import them.
 */

const COVER_SIDE = 300;

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
  const fonts = coverTitleFonts(title);
  // A title the shipped fonts cannot draw whole (emoji, Indic scripts other than Devanagari, and the like)
  // leaves the cover without text rather than with boxes in place of its characters.
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
  return { body, contentType: 'image/jpeg', extension: 'jpg', drawnFromTitle: true };
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
