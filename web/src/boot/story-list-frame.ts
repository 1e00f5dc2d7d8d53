import {
  eagerCoverUrls,
  LIBRARY_DESCRIPTION,
  LIBRARY_TITLE,
  SERIES_SECTION,
  STORIES_SECTION,
  standaloneStories,
} from '../features/stories/library-page';

/** A card as the lists answer it, unchecked: what is not a string is left out. */
interface AnsweredCard {
  title?: unknown;
  series_title?: unknown;
  image_url?: unknown;
  series_id?: unknown;
}

const cardsOf = (answer: unknown): AnsweredCard[] | undefined =>
  Array.isArray(answer)
    ? (answer.filter((card) => typeof card === 'object' && card !== null) as AnsweredCard[])
    : undefined;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Draws /stories' heading and cards (covers and titles) in the page's frame (index.html's `#app-frame`) from the
 * series and stories answers, laid out as the app lays them out, before the app's code has arrived (issue 26 §3):
 * on a phone the covers, the page's largest paint, showed only once the app had drawn the list. The first covers
 * load at once (`eagerCoverUrls`, as the page has them). Nothing is drawn for answers that are not lists, nor for
 * an author with no stories, whose page says so in words the app draws. The frame goes as the app draws.
 */
export function drawStoryList(frame: HTMLElement, seriesAnswer: unknown, storiesAnswer: unknown): void {
  const seriesList = cardsOf(seriesAnswer);
  const stories = cardsOf(storiesAnswer);
  if (!seriesList || !stories) return;
  const standalone = standaloneStories(stories);
  if (seriesList.length === 0 && standalone.length === 0) return;
  const document = frame.ownerDocument;
  const element = (tag: string, className?: string, content?: string) => {
    const created = document.createElement(tag);
    if (className) created.className = className;
    if (content !== undefined) created.textContent = content;
    return created;
  };
  const eager = new Set(eagerCoverUrls(seriesList, stories));
  const card = (title: string, imageUrl: string) => {
    const article = element('article', 'app-frame-card');
    const cover = element('div', 'app-frame-cover');
    if (imageUrl) {
      const image = document.createElement('img');
      image.alt = '';
      image.setAttribute('loading', eager.has(imageUrl) ? 'eager' : 'lazy');
      if (eager.has(imageUrl)) image.setAttribute('fetchpriority', 'high');
      image.src = imageUrl;
      cover.append(image);
    }
    article.append(cover, element('h3', undefined, title));
    return article;
  };
  const section = (heading: string, cards: HTMLElement[]) => {
    const grid = element('div', 'app-frame-grid');
    grid.append(...cards);
    const drawn = element('section');
    drawn.append(element('h2', undefined, heading), grid);
    return drawn;
  };

  const page = element('div', 'app-frame-library');
  const heading = element('div', 'app-frame-library-heading');
  const titles = element('div');
  titles.append(element('h1', undefined, LIBRARY_TITLE), element('p', undefined, LIBRARY_DESCRIPTION));
  // Where the app puts 'Import a manuscript' and the create button: the cards below start where they will stay.
  heading.append(titles, element('div', 'app-frame-library-actions'));
  page.append(heading);
  if (seriesList.length > 0) {
    page.append(
      section(
        SERIES_SECTION,
        seriesList.map((series) => card(text(series.series_title), text(series.image_url))),
      ),
    );
  }
  if (standalone.length > 0) {
    page.append(
      section(
        STORIES_SECTION,
        standalone.map((story) => card(text(story.title), text(story.image_url))),
      ),
    );
  }
  frame.append(page);
}
