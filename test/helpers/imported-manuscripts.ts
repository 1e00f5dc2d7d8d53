import { expect } from 'vitest';
import type { ImportedManuscript } from '../../lambdas/domain/import/parse-manuscript';
import { type Paragraph, ParagraphChunkSchema } from '../../shared/schemas/paragraph';

/** A paragraph as a test reads it: its alignment, and its runs as `[text, format bits]` (a tab as '\t'). */
export interface ParagraphSummary {
  alignment: Paragraph['format'];
  runs: [string, number][];
}

export function summariseParagraph(paragraph: Paragraph): ParagraphSummary {
  return {
    alignment: paragraph.format,
    runs: paragraph.children.map((child) => {
      const run = child as { type: string; text?: string; format?: number };
      return [run.type === 'tab' ? '\t' : (run.text ?? ''), run.format ?? 0];
    }),
  };
}

/** The plain text of each paragraph, a tab run as '\t'. */
export function paragraphTexts(paragraphs: readonly Paragraph[]): string[] {
  return paragraphs.map((paragraph) =>
    summariseParagraph(paragraph)
      .runs.map(([text]) => text)
      .join(''),
  );
}

/** Every paragraph is a chunk the blocks API would accept, and every key_id is present and unique. */
export function expectStorable(manuscript: ImportedManuscript): void {
  const paragraphs = manuscript.chapters.flatMap((chapter) => chapter.paragraphs);
  for (const paragraph of paragraphs) {
    expect(ParagraphChunkSchema.safeParse(JSON.stringify(paragraph)).success).toBe(true);
    expect(paragraph.key_id).toMatch(/^[0-9a-f-]{36}$/);
  }
  expect(new Set(paragraphs.map((paragraph) => paragraph.key_id)).size).toBe(paragraphs.length);
}
