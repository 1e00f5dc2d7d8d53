import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_IMAGES_PATH } from '../shared/default-images';
import type { BlobStore } from '../lambdas/domain/ports';

/** The content types of the files `default-images/` holds. */
const CONTENT_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png' };

/**
 * Puts `default-images/` into the images store under `images/defaults/`, as the CDK stack does into the images
 * bucket, so the default pictures are served at their URLs like any uploaded image.
 */
export async function publishDefaultImages(blobs: BlobStore, directory: string): Promise<void> {
  const files = await readdir(directory, { recursive: true, withFileTypes: true });
  await Promise.all(
    files
      .filter((file) => file.isFile() && CONTENT_TYPES[path.extname(file.name)])
      .map(async (file) => {
        const fullPath = path.join(file.parentPath, file.name);
        const relative = path.relative(directory, fullPath).split(path.sep).join('/');
        await blobs.put(
          'images',
          `${DEFAULT_IMAGES_PATH.slice(1)}/${relative}`,
          await readFile(fullPath),
          CONTENT_TYPES[path.extname(file.name)]!,
        );
      }),
  );
}
