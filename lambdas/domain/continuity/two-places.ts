import { forEachStoryMention } from '../../../shared/association-appearances';
import type { ChapterText } from '../../../shared/paragraph-text';
import type { ContinuityWarning } from '../../../shared/schemas/continuity';
import type { CalendarRules } from '../../../shared/schemas/story-time';
import type { StoryTimeSpan } from '../../../shared/story-calendar';
import type { StoredChapterTime } from '../chapters/chapter-repository';
import { chapterSpan } from '../story-time/chapter-times';
import type { NamedAssociation } from './after-death';

export interface TimedChapter extends ChapterText {
  time: StoredChapterTime | undefined;
}

/** Where a character is in one chapter: the places named with them, and the first paragraph saying so. */
interface Whereabouts {
  places: Set<string>;
  key_id: string;
}

const overlap = (left: StoryTimeSpan, right: StoryTimeSpan) =>
  left.first < right.end && right.first < left.end;

/**
 * `two_places`: a character is where the places named in the same paragraph as them are. Two dated chapters
 * whose times overlap that put a character at places with none in common warn, at the later chapter — unless
 * one of the first chapter's places and one of the second's are named together somewhere in the story (a house
 * in its town, a road between two cities: places the story itself puts side by side are not two places). Only
 * chapters dated themselves take part: a chapter following the one before it has no time of its own to clash.
 */
export function twoPlacesWarnings(
  calendar: CalendarRules,
  chapters: readonly TimedChapter[],
  associations: readonly NamedAssociation[],
): ContinuityWarning[] {
  const byId = new Map(associations.map((association) => [association.association_id, association]));
  const typeOf = (id: string) => byId.get(id)?.association_type;
  const spans = new Map(
    chapters.flatMap((chapter) =>
      chapter.time ? [[chapter.chapter_id, chapterSpan(calendar, chapter.time)] as const] : [],
    ),
  );
  const titles = new Map(chapters.map((chapter) => [chapter.chapter_id, chapter.title]));
  /** character id → chapter id (reading order) → whereabouts. */
  const whereabouts = new Map<string, Map<string, Whereabouts>>();
  /** 'place place' pairs named in one paragraph. */
  const namedTogether = new Set<string>();

  let paragraph:
    { key_id: string; chapter_id: string; characters: Set<string>; places: Set<string> } | undefined;
  const closeParagraph = () => {
    if (!paragraph) return;
    for (const place of paragraph.places) {
      for (const other of paragraph.places) namedTogether.add(`${place} ${other}`);
    }
    if (spans.has(paragraph.chapter_id)) {
      for (const character of paragraph.characters) {
        if (paragraph.places.size === 0) continue;
        const byChapter = whereabouts.get(character) ?? new Map<string, Whereabouts>();
        const seen = byChapter.get(paragraph.chapter_id) ?? {
          places: new Set<string>(),
          key_id: paragraph.key_id,
        };
        for (const place of paragraph.places) seen.places.add(place);
        byChapter.set(paragraph.chapter_id, seen);
        whereabouts.set(character, byChapter);
      }
    }
  };
  forEachStoryMention(chapters, associations, (mention, _text, stored, chapter) => {
    if (paragraph?.key_id !== stored.key_id || paragraph.chapter_id !== chapter.chapter_id) {
      closeParagraph();
      paragraph = {
        key_id: stored.key_id,
        chapter_id: chapter.chapter_id,
        characters: new Set(),
        places: new Set(),
      };
    }
    const type = typeOf(mention.associationId);
    if (type === 'character') paragraph.characters.add(mention.associationId);
    else if (type === 'place') paragraph.places.add(mention.associationId);
  });
  closeParagraph();

  const apart = (left: Set<string>, right: Set<string>) =>
    [...left].every((place) => [...right].every((other) => !namedTogether.has(`${place} ${other}`)));
  const nameOf = (ids: Set<string>) => [...ids].map((id) => byId.get(id)!.association_name).join(' and ');
  const warnings: ContinuityWarning[] = [];
  for (const [character, byChapter] of whereabouts) {
    const visits = [...byChapter];
    for (let later = 1; later < visits.length; later += 1) {
      const [laterChapter, laterPlaces] = visits[later]!;
      const clash = visits
        .slice(0, later)
        .find(
          ([earlierChapter, earlierPlaces]) =>
            overlap(spans.get(earlierChapter)!, spans.get(laterChapter)!) &&
            apart(earlierPlaces.places, laterPlaces.places),
        );
      if (!clash) continue;
      const [earlierChapter, earlierPlaces] = clash;
      warnings.push({
        kind: 'two_places',
        message: `${byId.get(character)!.association_name} is at ${nameOf(laterPlaces.places)} here, but at ${nameOf(earlierPlaces.places)} in “${titles.get(earlierChapter)}” at the same time.`,
        chapter_id: laterChapter,
        key_id: laterPlaces.key_id,
        association_ids: [character, ...laterPlaces.places, ...earlierPlaces.places],
      });
    }
  }
  return warnings;
}
