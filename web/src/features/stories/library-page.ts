/**
 * What /stories shows first, shared by the page and the page's first script, which draws the same list before
 * the app's code has arrived (`boot/story-list-frame.ts`, issue 26 §3).
 */
export const LIBRARY_TITLE = 'Your Stories';
export const LIBRARY_DESCRIPTION = 'Every series and standalone story you are writing.';
export const SERIES_SECTION = 'Series';
export const STORIES_SECTION = 'Stories';

/**
 * Which cards load their cover at once rather than when layout finds them in view: the first row on a wide
 * screen (four columns), the first one or two on a phone. The first of them is the page's largest paint.
 */
const EAGER_COVERS = 4;

interface CoveredCard {
  image_url?: unknown;
}

interface CoveredStory extends CoveredCard {
  series_id?: unknown;
}

/** The stories /stories shows as cards of their own: those in no series (a series' volumes are in its card). */
export function standaloneStories<Story extends CoveredStory>(stories: readonly Story[]): Story[] {
  return stories.filter((story) => !story.series_id);
}

/** The cover addresses of the cards /stories loads at once, in its order; cards without a picture have none. */
export function eagerCoverUrls(series: readonly CoveredCard[], stories: readonly CoveredStory[]): string[] {
  return [...series, ...standaloneStories(stories)]
    .slice(0, EAGER_COVERS)
    .flatMap((card) => (typeof card.image_url === 'string' && card.image_url !== '' ? [card.image_url] : []));
}
