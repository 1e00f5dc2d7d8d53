import { type OutlineTemplateType, outlineTemplate } from './outline-templates';
import type { OutlineSection, OutlineSectionInput } from './schemas/outline';

/** The sections of a new outline made from a template: no text, no chapters yet. */
export function sectionsFromTemplate(type: OutlineTemplateType): OutlineSection[] {
  return outlineTemplate(type).sections.map((section, index) => ({
    place: index + 1,
    header: section.header,
    description: section.description,
    text: '',
    chapters: [],
  }));
}

/**
 * Applies sections sent by a client to the stored outline (matched by place; unknown places are ignored, the
 * template decides which sections exist) and keeps the rule of spec §3: a chapter belongs to at most one
 * section. A chapter named by a changed section moves there; within one request the first section naming it
 * keeps it. Chapter ids not in `storyChapterIds` are dropped, and each section lists its chapters once.
 */
export function applySectionChanges(
  stored: OutlineSection[],
  changes: OutlineSectionInput[],
  storyChapterIds: ReadonlySet<string>,
): OutlineSection[] {
  const changeByPlace = new Map<number, OutlineSectionInput>();
  for (const change of changes) if (!changeByPlace.has(change.place)) changeByPlace.set(change.place, change);

  const claimed = new Set<string>();
  for (const section of stored) {
    for (const chapterId of changeByPlace.get(section.place)?.chapters ?? []) {
      if (storyChapterIds.has(chapterId)) claimed.add(chapterId);
    }
  }

  const assigned = new Set<string>();
  const keepOnce = (chapterIds: string[]) =>
    chapterIds.filter((chapterId) => {
      if (!storyChapterIds.has(chapterId) || assigned.has(chapterId)) return false;
      assigned.add(chapterId);
      return true;
    });

  // Changed sections first, so a chapter they claim is theirs; the others keep what nobody claimed.
  const changedFirst = [...stored].sort(
    (left, right) => Number(changeByPlace.has(right.place)) - Number(changeByPlace.has(left.place)),
  );
  const updated = new Map<number, OutlineSection>();
  for (const section of changedFirst) {
    const change = changeByPlace.get(section.place);
    updated.set(
      section.place,
      change
        ? {
            ...section,
            header: change.header ?? section.header,
            description: change.description ?? section.description,
            text: change.text ?? section.text,
            chapters: keepOnce(change.chapters ?? section.chapters),
          }
        : { ...section, chapters: keepOnce(section.chapters.filter((id) => !claimed.has(id))) },
    );
  }
  return stored.map((section) => updated.get(section.place)!);
}

/** Removes a deleted chapter from whichever section holds it; undefined when no section did. */
export function withoutChapter(sections: OutlineSection[], chapterId: string): OutlineSection[] | undefined {
  if (!sections.some((section) => section.chapters.includes(chapterId))) return undefined;
  return sections.map((section) => ({
    ...section,
    chapters: section.chapters.filter((id) => id !== chapterId),
  }));
}

/** The section a chapter is assigned to, if any. */
export function sectionOfChapter(sections: OutlineSection[], chapterId: string): OutlineSection | undefined {
  return sections.find((section) => section.chapters.includes(chapterId));
}

/**
 * Spec §9: chip colours from a fixed palette, chosen by the sum of the header's character codes. These are the
 * light scheme's, each taking white text at AA (the dark scheme has lighter companions in the web app's theme).
 */
export const OUTLINE_CHIP_PALETTE = [
  '#1565c0',
  '#2e7d32',
  '#6a1b9a',
  '#c62828',
  '#00838f',
  '#ad1457',
  '#4e342e',
  '#283593',
  '#33691e',
  '#b84a00',
] as const;

/** The place in the palette of a section's colour. */
export function outlineChipIndex(header: string): number {
  let sum = 0;
  for (let index = 0; index < header.length; index += 1) sum += header.charCodeAt(index);
  return sum % OUTLINE_CHIP_PALETTE.length;
}

export function outlineChipColour(header: string): string {
  return OUTLINE_CHIP_PALETTE[outlineChipIndex(header)]!;
}
