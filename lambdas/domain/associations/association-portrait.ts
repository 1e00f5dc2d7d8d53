/**
 * Apart from the other association operations because it re-encodes images: sharp (and the images module's
 * cover fonts) are bundled, and run on x86_64, only in the one Lambda that uploads portraits.
 */
import sharp from 'sharp';
import { NotFoundError } from '../../errors';
import { type PreparedImage, prepareUploadedImage } from '../images/images';
import { replaceImages } from '../images/stored-images';
import type { PortraitImages } from './association-repository';
import {
  type AssociationPorts,
  imageUrl,
  portraitKeyPrefix,
  requireOwnedStory,
  type StoryScope,
} from './associations';
import { requireAssociation } from './story-associations';

/** Avatars and tooltips show portraits small: a square crop of this side. */
const THUMBNAIL_SIDE = 128;

/** A square crop of the (already checked and re-encoded) portrait; the first frame of an animated GIF. */
async function thumbnailOf(portrait: PreparedImage): Promise<PreparedImage> {
  const body = await sharp(portrait.body)
    .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'cover' })
    .toFormat(portrait.extension === 'jpg' ? 'jpeg' : portrait.extension)
    .toBuffer();
  return { ...portrait, body };
}

/**
 * Spec §7 portrait upload: the image is checked and re-encoded (`prepareUploadedImage`), stored with a
 * square thumbnail, and becomes the association's portrait. Answers the new portrait URL.
 */
export async function replacePortrait(
  ports: AssociationPorts,
  scope: StoryScope,
  associationId: string,
  upload: Buffer,
): Promise<string> {
  const story = await requireOwnedStory(ports, scope);
  const repository = ports.repositories.associations;
  const { home } = await requireAssociation(repository, story, associationId);

  const portrait = await prepareUploadedImage(upload);
  const thumbnail = await thumbnailOf(portrait);
  const uploadedAt = ports.now().getTime();
  const prefix = portraitKeyPrefix(scope.storyId, associationId);
  const images: PortraitImages = {
    key: `${prefix}${uploadedAt}.${portrait.extension}`,
    thumbnailKey: `${prefix}${uploadedAt}-thumb.${thumbnail.extension}`,
    uploadedAt,
  };
  await ports.blobs.put('images', images.key, portrait.body, portrait.contentType);
  await ports.blobs.put('images', images.thumbnailKey, thumbnail.body, thumbnail.contentType);

  return replaceImages(ports, [images.key, images.thumbnailKey], async () => {
    const outcome = await repository.setPortrait(home, associationId, images);
    // Deleted while the image was processed: its new images must not outlive it.
    if (outcome === 'missing') throw new NotFoundError('No such association.');
    const { previous } = outcome;
    return {
      answer: imageUrl(images.key, uploadedAt),
      replaced: previous ? [previous.key, previous.thumbnailKey] : [],
    };
  });
}
