import type { Chapter } from '../../../../../shared/schemas/chapter';

export const byPlace = (first: Chapter, second: Chapter) => first.place - second.place;

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
