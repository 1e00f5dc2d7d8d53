import type { Logger } from '../../logger';
import type { BlobStore } from '../ports';
import type { PreparedImage } from './images';

/**
 * Where story and series images are kept and how they are removed: apart from `images.ts` (which re-encodes
 * with sharp and draws cover titles with fontkit) so that the handlers which only store, find or delete
 * images bundle neither and run on arm64.
 */

export const storyImagePrefix = (storyId: string) => `images/stories/${storyId}/`;
export const seriesImagePrefix = (seriesId: string) => `images/series/${seriesId}/`;

const TITLE_COVER_NAME = 'title-cover';

/** Whether the image at `url` is a cover drawn from the story's title (not an upload or a sample picture). */
export const isTitleCover = (url: string) => new RegExp(`/${TITLE_COVER_NAME}-\\d+\\.jpg$`).test(url);

/** Stores the image under the prefix with a new name, so a replaced image never comes back from a cache. */
export async function storeImage(
  blobs: BlobStore,
  prefix: string,
  image: PreparedImage,
  now: Date,
): Promise<{ key: string; url: string }> {
  const key = `${prefix}${image.drawnFromTitle ? TITLE_COVER_NAME : 'cover'}-${now.getTime()}.${image.extension}`;
  await blobs.put('images', key, image.body, image.contentType);
  return { key, url: `/${key}` };
}

/** The stored key behind an image URL, when the URL is one of ours under the prefix. */
export function imageKeyOf(url: string, prefix: string): string | undefined {
  return url.startsWith(`/${prefix}`) ? url.slice(1) : undefined;
}

/**
 * Removes images that are no longer referenced. Best effort: the data change has already been made, and a
 * leftover image costs a little storage, never correctness.
 */
export async function deleteImages(blobs: BlobStore, keys: string[], logger: Logger): Promise<void> {
  if (keys.length === 0) return;
  try {
    await blobs.delete('images', keys);
  } catch (error) {
    logger.warn('could not delete replaced images', { keys, error: String(error) });
  }
}

/** What a change that may replace images answers: its result, and the keys of the images it no longer uses. */
export interface ImageChange<T> {
  answer: T;
  replaced: readonly string[];
}

/**
 * The one way to replace stored images: the new images are stored before the data names them (`stored`, their
 * keys; none when the change brings no image), then `change` commits the data. Once it has, the images it
 * replaced are removed; should it fail, the new images are, and the failure is thrown. Either way no data ever
 * names a missing image, and at most a removal that failed leaves an unused one behind.
 */
export async function replaceImages<T>(
  ports: { blobs: BlobStore; logger: Logger },
  stored: readonly string[],
  change: () => Promise<ImageChange<T>>,
): Promise<T> {
  let outcome: ImageChange<T>;
  try {
    outcome = await change();
  } catch (error) {
    await deleteImages(ports.blobs, [...stored], ports.logger);
    throw error;
  }
  await deleteImages(
    ports.blobs,
    outcome.replaced.filter((key) => !stored.includes(key)),
    ports.logger,
  );
  return outcome.answer;
}
