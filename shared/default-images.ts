/**
 * The pictures answered when a story, series or association has none of its own. They are served where
 * uploaded images are (`/images/…`: the images bucket behind CloudFront in AWS, the embedded runtime's image
 * store locally), so any client of the API can load them, not only this web app. The files are
 * `default-images/` in the repository, published under `images/defaults/` by the CDK stack and by the
 * embedded runtime at start.
 */
export const DEFAULT_IMAGES_PATH = '/images/defaults';

export const DEFAULT_STORY_IMAGE_URL = `${DEFAULT_IMAGES_PATH}/story.svg`;
export const DEFAULT_SERIES_IMAGE_URL = `${DEFAULT_IMAGES_PATH}/series.svg`;
/** Portraits, one per association type, are `defaultPortraitUrl` in `schemas/associations.ts`. */
export const DEFAULT_PORTRAITS_PATH = `${DEFAULT_IMAGES_PATH}/portraits`;
