import type { ContinuityWarning } from '../../../shared/schemas/continuity';
import { factLabelKey, type Fact } from '../../../shared/schemas/facts';
import type { CalendarRules, StoryDate } from '../../../shared/schemas/story-time';
import { ageOn, formatStoryDate } from '../../../shared/story-calendar';
import type { ChapterInTime } from '../story-time/chapter-times';
import type { NamedAssociation } from './after-death';

const AGE_LABEL = factLabelKey('Age');
const BORN_LABEL = factLabelKey('Born');

/** The whole number an 'Age' value states ('17', '17 years'); undefined for 'young' or 'unknown'. */
const statedAge = (value: string) => {
  const digits = /^\s*(\d{1,7})\b/.exec(value);
  return digits ? Number(digits[1]) : undefined;
};

/**
 * `age_mismatch`: an 'Age' fact stated in a chapter with a story time, where the 'Born' fact standing there (a
 * date in the story's calendar) gives another age — a year or more apart from the age at both the chapter's
 * start and its end (a birthday within the chapter is no mismatch).
 */
export function ageMismatchWarnings(
  calendar: CalendarRules,
  chapters: readonly { chapter_id: string; placed: ChapterInTime }[],
  associations: readonly NamedAssociation[],
  standingByChapter: ReadonlyMap<string, readonly Fact[]>,
): ContinuityWarning[] {
  const names = new Map(
    associations.map((association) => [association.association_id, association.association_name]),
  );
  const warnings: ContinuityWarning[] = [];
  for (const { chapter_id, placed } of chapters) {
    if (!placed.start) continue;
    const standing = standingByChapter.get(chapter_id) ?? [];
    for (const fact of standing) {
      if (factLabelKey(fact.label) !== AGE_LABEL || fact.from_chapter_id !== chapter_id) continue;
      const stated = statedAge(fact.value);
      const born = standing.find(
        (other) => other.association_id === fact.association_id && factLabelKey(other.label) === BORN_LABEL,
      );
      if (stated === undefined || !born) continue;
      const dates: StoryDate[] = placed.end ? [placed.start, placed.end] : [placed.start];
      const ages = dates.map((date) => ageOn(calendar, born.value, date));
      if (ages.some((age) => age === undefined || age === stated)) continue;
      const name = names.get(fact.association_id) ?? 'This element';
      warnings.push({
        kind: 'age_mismatch',
        message: `${name}'s Age is ${stated} here, but born ${born.value.trim()} they are ${ages[0]} on ${formatStoryDate(calendar, placed.start)}.`,
        chapter_id,
        association_ids: [fact.association_id],
      });
    }
  }
  return warnings;
}
