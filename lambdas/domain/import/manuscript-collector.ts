import { randomUUID } from 'node:crypto';
import { MANUSCRIPT_EMPTY_MESSAGE } from '../../../shared/manuscript-import';
import { emptyParagraph, type Paragraph } from '../../../shared/schemas/paragraph';
import {
  CHAPTER_TITLE_MAX_LENGTH,
  defaultChapterTitle,
  MAX_BLOCKS_PER_CHAPTER,
  MAX_CHAPTERS_PER_STORY,
  PARAGRAPH_MAX_BYTES,
  utf8ByteLength,
} from '../../../shared/validation';
import { ValidationError } from '../../errors';
import { buildParagraph, isBlank, normaliseImportedText, type ParagraphDraft } from './paragraph-builder';

export interface ImportedChapter {
  title: string;
  /** The stored paragraph JSON, each passing `ParagraphSchema`, each with its own fresh key_id. */
  paragraphs: Paragraph[];
}

export interface ImportedManuscript {
  chapters: ImportedChapter[];
}

interface ChapterInProgress {
  /** Undefined for the text before the first heading. */
  heading: string | undefined;
  drafts: ParagraphDraft[];
}

/** A chapter title from a heading: one line, normalised like text, within the title limit. */
function chapterTitle(heading: string): string {
  let title = '';
  // The limit counts UTF-16 units, as the chapter title schema does; a character is never split.
  for (const character of normaliseImportedText(heading.replace(/\s+/g, ' ').trim())) {
    if (title.length + character.length > CHAPTER_TITLE_MAX_LENGTH) break;
    title += character;
  }
  return title.trim();
}

/** Drafts without the blank paragraphs a file has before its first and after its last line of text. */
function trimBlankEdges(drafts: readonly ParagraphDraft[]): ParagraphDraft[] {
  let start = 0;
  let end = drafts.length;
  while (start < end && isBlank(drafts[start]!)) start += 1;
  while (end > start && isBlank(drafts[end - 1]!)) end -= 1;
  return drafts.slice(start, end);
}

/**
 * Gathers what an importer reads, in document order, into chapters: a heading starts one, text before the
 * first heading makes a chapter of its own (titled `untitledChapterTitle`) unless it is blank. Applies the
 * story's limits at the end, so a refused file never yields a partial story.
 */
export class ManuscriptCollector {
  private readonly chapters: ChapterInProgress[] = [{ heading: undefined, drafts: [] }];

  constructor(private readonly untitledChapterTitle: string) {}

  startChapter(heading: string): void {
    this.chapters.push({ heading, drafts: [] });
  }

  addParagraph(draft: ParagraphDraft): void {
    this.chapters[this.chapters.length - 1]!.drafts.push(draft);
  }

  finish(): ImportedManuscript {
    const [preamble, ...headed] = this.chapters;
    const hasText = this.chapters.some((chapter) => chapter.drafts.some((draft) => !isBlank(draft)));
    if (!hasText && headed.length === 0) throw new ValidationError(MANUSCRIPT_EMPTY_MESSAGE);
    const kept = preamble!.drafts.some((draft) => !isBlank(draft)) ? this.chapters : headed;
    if (kept.length > MAX_CHAPTERS_PER_STORY) {
      throw new ValidationError(
        `The manuscript has ${kept.length} chapters; a story can hold at most ${MAX_CHAPTERS_PER_STORY}.`,
      );
    }
    return {
      chapters: kept.map((chapter, index) => {
        const title =
          chapter.heading === undefined ? this.untitledChapterTitle : chapterTitle(chapter.heading);
        return this.finishChapter(title || defaultChapterTitle(index), chapter.drafts);
      }),
    };
  }

  private finishChapter(title: string, drafts: readonly ParagraphDraft[]): ImportedChapter {
    const kept = trimBlankEdges(drafts);
    if (kept.length > MAX_BLOCKS_PER_CHAPTER) {
      throw new ValidationError(
        `The chapter '${title}' has ${kept.length} paragraphs; a chapter can hold at most ${MAX_BLOCKS_PER_CHAPTER}.`,
      );
    }
    const paragraphs = kept.map(buildParagraph);
    paragraphs.forEach((paragraph, index) => {
      if (utf8ByteLength(JSON.stringify(paragraph)) > PARAGRAPH_MAX_BYTES) {
        throw new ValidationError(
          `Paragraph ${index + 1} of the chapter '${title}' is longer than a paragraph may be (64 KB).`,
        );
      }
    });
    // A chapter that is only a heading opens like a new chapter: on one empty paragraph.
    return { title, paragraphs: paragraphs.length > 0 ? paragraphs : [emptyParagraph(randomUUID())] };
  }
}

/** The title of the text before the first heading: the file's name without extension ('' when none). */
export function titleFromFileName(fileName: string): string {
  const baseName = fileName.split(/[/\\]/).pop() ?? '';
  const stem = baseName.replace(/\.[^.]*$/, '');
  return chapterTitle(stem.replace(/_+/g, ' '));
}
