import type { Chapter } from '../../../../../shared/schemas/chapter';
import { storyAddressParameters } from '../../../config/paths';
import { readLastEditedChapter } from '../../../editor/plugins/caret-memory-plugin/last-edited-chapter';

export const byPlace = (first: Chapter, second: Chapter) => first.place - second.place;

/**
 * The chapter the workspace opens (spec §2): the one named by `?chapter=`; when none is named or the named one
 * is not the story's (a stale link, a chapter deleted elsewhere), the one the author last edited here, and
 * without that the first by place.
 */
export function chapterToOpen(
  chapters: readonly Chapter[],
  requestedId: string | null,
  lastEditedId: string | null = null,
): Chapter | undefined {
  const named =
    chapters.find((chapter) => chapter.id === requestedId) ??
    chapters.find((chapter) => chapter.id === lastEditedId);
  if (named) return named;
  let first: Chapter | undefined;
  for (const chapter of chapters) if (!first || chapter.place < first.place) first = chapter;
  return first;
}

/**
 * The chapter a story's address opens before the workspace has rendered (its route's reads, the page's first
 * script): `chapterToOpen` with the address's `?chapter=` and the chapter last edited in this browser.
 */
export function chapterOpenedBy(
  storyId: string,
  chapters: readonly Chapter[],
  search: URLSearchParams,
  storage: Storage,
): Chapter | undefined {
  return chapterToOpen(
    chapters,
    search.get(storyAddressParameters.chapter),
    readLastEditedChapter(storage, storyId),
  );
}

/** Spec §4 "Series and ordering": after a move or a removal, places are renumbered from 1 in list order. */
export function renumbered(chapters: readonly Chapter[]): Chapter[] {
  return chapters.map((chapter, index) =>
    chapter.place === index + 1 ? chapter : { ...chapter, place: index + 1 },
  );
}

/** The list with the chapter at `from` moved to `to`, places renumbered. */
export function moved(chapters: readonly Chapter[], from: number, to: number): Chapter[] {
  const reordered = [...chapters];
  const [chapter] = reordered.splice(from, 1);
  if (chapter) reordered.splice(to, 0, chapter);
  return renumbered(reordered);
}
