/**
 * Which cards of /stories load their cover at once rather than when layout finds them in view: the first row on
 * a wide screen (four columns), the first one or two on a phone. The first of them is the page's largest paint.
 */
export const EAGER_COVERS = 4;

interface CoveredCard {
  image_url?: unknown;
}

interface CoveredStory extends CoveredCard {
  series_id?: unknown;
}

/**
 * The cover addresses of the cards /stories loads at once, in its order (its series, then its standalone
 * stories), from the two lists as answered: the page's first script starts them before the app has arrived,
 * so the covers come with the list instead of after it (issue 26 §3). Cards without a picture have none.
 */
export function eagerCoverUrls(series: readonly CoveredCard[], stories: readonly CoveredStory[]): string[] {
  const cards = [...series, ...stories.filter((story) => !story.series_id)].slice(0, EAGER_COVERS);
  return cards.flatMap((card) =>
    typeof card.image_url === 'string' && card.image_url !== '' ? [card.image_url] : [],
  );
}
