import { describe, expect, it } from 'vitest';
import {
  OUTLINE_CHIP_PALETTE,
  applySectionChanges,
  outlineChipColour,
  sectionOfChapter,
  sectionsFromTemplate,
  withoutChapter,
} from '../../shared/outline';
import { OUTLINE_TEMPLATES } from '../../shared/outline-templates';
import { UpdateOutlineRequestSchema } from '../../shared/schemas/outline';

const chapters = new Set(['c1', 'c2', 'c3']);

describe('outline templates', () => {
  it('offers the three templates of the spec, the hero’s journey with its twelve stages', () => {
    expect(OUTLINE_TEMPLATES.map((template) => template.name)).toEqual([
      'Three-Act Structure',
      'Five-Act Structure',
      "The Hero's Journey",
    ]);
    expect(sectionsFromTemplate('threeAct')).toHaveLength(3);
    expect(sectionsFromTemplate('fiveAct')).toHaveLength(5);
    expect(sectionsFromTemplate('heroJourney')).toHaveLength(12);
  });

  it('gives every template a one-line summary and every section a header and a real description', () => {
    for (const template of OUTLINE_TEMPLATES) {
      expect(template.summary).not.toMatch(/\n/);
      for (const section of template.sections) {
        expect(section.header.trim()).not.toBe('');
        expect(section.description.split(' ').length).toBeGreaterThan(15);
      }
    }
  });

  it('numbers a new outline’s sections from 1 with no text and no chapters', () => {
    const sections = sectionsFromTemplate('fiveAct');
    expect(sections.map((section) => section.place)).toEqual([1, 2, 3, 4, 5]);
    expect(sections.every((section) => section.text === '' && section.chapters.length === 0)).toBe(true);
  });
});

describe('applySectionChanges', () => {
  const stored = () => sectionsFromTemplate('threeAct');

  it('moves a chapter to the section that now claims it, so it belongs to one section only', () => {
    const first = applySectionChanges(stored(), [{ place: 1, chapters: ['c1', 'c2'] }], chapters);
    const second = applySectionChanges(first, [{ place: 3, chapters: ['c2'] }], chapters);
    expect(second.map((section) => section.chapters)).toEqual([['c1'], [], ['c2']]);
  });

  it('keeps a chapter in the first section when one request names it in two', () => {
    const result = applySectionChanges(
      stored(),
      [
        { place: 2, chapters: ['c3', 'c3'] },
        { place: 3, chapters: ['c3', 'c1'] },
      ],
      chapters,
    );
    expect(result.map((section) => section.chapters)).toEqual([[], ['c3'], ['c1']]);
  });

  it('drops chapter ids that are not chapters of the story', () => {
    const result = applySectionChanges(stored(), [{ place: 1, chapters: ['c1', 'elsewhere'] }], chapters);
    expect(result[0]!.chapters).toEqual(['c1']);
  });

  it('changes only the fields sent, ignores unknown places, and keeps the template’s sections', () => {
    const result = applySectionChanges(
      stored(),
      [
        { place: 2, text: 'The heist goes wrong.' },
        { place: 9, text: 'ignored' },
      ],
      chapters,
    );
    expect(result).toHaveLength(3);
    expect(result[1]).toMatchObject({ header: 'Act II: Confrontation', text: 'The heist goes wrong.' });
    expect(result[0]!.text).toBe('');
  });
});

describe('withoutChapter and sectionOfChapter', () => {
  it('removes a deleted chapter from its section and says when nothing changed', () => {
    const sections = applySectionChanges(
      sectionsFromTemplate('threeAct'),
      [{ place: 2, chapters: ['c2'] }],
      chapters,
    );
    expect(sectionOfChapter(sections, 'c2')?.place).toBe(2);
    expect(withoutChapter(sections, 'c2')?.[1]!.chapters).toEqual([]);
    expect(withoutChapter(sections, 'c3')).toBeUndefined();
  });
});

describe('outlineChipColour', () => {
  it('chooses the palette entry by the sum of the header’s character codes', () => {
    const sum = [...'Act I: Setup'].reduce((total, character) => total + character.charCodeAt(0), 0);
    expect(outlineChipColour('Act I: Setup')).toBe(OUTLINE_CHIP_PALETTE[sum % OUTLINE_CHIP_PALETTE.length]);
    expect(outlineChipColour('AB')).toBe(outlineChipColour('BA'));
  });
});

describe('UpdateOutlineRequestSchema', () => {
  it('accepts the full list or one section, and refuses a foreign-looking chapter id format', () => {
    expect(UpdateOutlineRequestSchema.safeParse({ storyID: 's1', sections: [{ place: 1 }] }).success).toBe(
      true,
    );
    expect(
      UpdateOutlineRequestSchema.safeParse({ storyID: 's1', section: { place: '2', text: 'x' } }).success,
    ).toBe(true);
    expect(
      UpdateOutlineRequestSchema.safeParse({ storyID: 's1', section: { place: 1, chapters: ['a#b'] } })
        .success,
    ).toBe(false);
  });
});
