/** Stored paragraphs for tests of the shared text tools, built as the editor serialises them. */
import type { MatchableAssociation } from '../../shared/association-matcher';
import type { ChapterText } from '../../shared/paragraph-text';
import type { AssociationNode, InlineNode, Paragraph, TextRun } from '../../shared/schemas/paragraph';

export const BOLD = 1;
export const ITALIC = 2;

export function run(text: string, format = 0): TextRun {
  return { type: 'text', version: 1, text, format, style: '', detail: 0, mode: 'normal' };
}

export function tab(): TextRun {
  return { type: 'tab', version: 1, text: '\t', format: 0, style: '', detail: 2, mode: 'normal' };
}

export function linebreak(): InlineNode {
  return { type: 'linebreak', version: 1 };
}

export function mention(associationId: string, text: string, format = 0): AssociationNode {
  return { type: 'association', version: 1, associationId, text, format, style: '' };
}

export function paragraph(...children: InlineNode[]): Paragraph {
  return { type: 'custom-paragraph', version: 1, format: '', indent: 0, direction: 'ltr', children };
}

/** A chapter whose paragraphs are plain text runs, or given paragraphs; key_ids are `<chapterId>-<index>`. */
export function chapter(
  chapterId: string,
  place: number,
  paragraphs: readonly (string | Paragraph)[],
): ChapterText {
  return {
    chapter_id: chapterId,
    title: `Chapter ${place}`,
    place,
    paragraphs: paragraphs.map((content, index) => ({
      key_id: `${chapterId}-${index}`,
      paragraph: typeof content === 'string' ? paragraph(run(content)) : content,
    })),
  };
}

export function association(
  id: string,
  name: string,
  options: { aliases?: string; caseSensitive?: boolean } = {},
): MatchableAssociation {
  return {
    association_id: id,
    association_name: name,
    aliases: options.aliases ?? '',
    case_sensitive: options.caseSensitive ?? false,
  };
}
