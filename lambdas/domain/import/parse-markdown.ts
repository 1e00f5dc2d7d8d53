import { type ImportedManuscript, ManuscriptCollector } from './manuscript-collector';
import { parseMarkdownInline } from './markdown-inline';
import { isSceneBreak, plainText } from './paragraph-builder';
import { isBlankLine, isHardWrapped, ParagraphLines, splitLines } from './text-lines';

/** An ATX heading; a lone '#' is a scene break, not an empty heading. */
const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const CODE_FENCE = /^ {0,3}(```|~~~)/;
const BLOCK_QUOTE_MARKER = /^ {0,3}>[ ]?/;
/** Two trailing spaces or a backslash: Markdown's hard line break, which ends the paragraph here. */
const HARD_LINE_BREAK = /(?: {2,}|\\)$/;

/** A YAML front-matter block at the very start ('---' … '---' or '...'), which is metadata, not text. */
function withoutFrontMatter(lines: string[]): string[] {
  if (lines[0]?.trim() !== '---') return lines;
  const end = lines.findIndex((line, index) => index > 0 && (line.trim() === '---' || line.trim() === '...'));
  return end > 0 ? lines.slice(end + 1) : lines;
}

/**
 * A Markdown manuscript: '#' and '##' headings start chapters and are their titles, deeper headings are
 * paragraphs; emphasis, strong emphasis, '~~' and '<u>' give italic, bold, strikethrough and underline;
 * scene-break lines ('***', '* * *', '---', a lone '#') are paragraphs of their own. A paragraph's lines are
 * joined as CommonMark does when the file is hard-wrapped; otherwise each line is a paragraph, as pasting
 * would make it.
 */
export function parseMarkdown(text: string, untitledChapterTitle: string): ImportedManuscript {
  const lines = withoutFrontMatter(splitLines(text));
  const collector = new ManuscriptCollector(untitledChapterTitle);
  const joinLines = isHardWrapped(lines);
  const paragraphs = new ParagraphLines(joinLines, (paragraph) =>
    collector.addParagraph({ alignment: '', runs: parseMarkdownInline(paragraph) }),
  );
  let fence: string | undefined;
  for (const rawLine of lines) {
    const fenceMarker = CODE_FENCE.exec(rawLine)?.[1];
    if (fence !== undefined) {
      // A code block's lines are kept as written, one paragraph each.
      if (fenceMarker === fence) fence = undefined;
      else collector.addParagraph({ alignment: '', runs: [{ text: rawLine, format: 0 }] });
      continue;
    }
    if (fenceMarker) {
      paragraphs.flush();
      fence = fenceMarker;
      continue;
    }
    const line = rawLine.replace(BLOCK_QUOTE_MARKER, '');
    const heading = ATX_HEADING.exec(line);
    if (isBlankLine(line)) {
      paragraphs.flush();
    } else if (isSceneBreak(line)) {
      paragraphs.flush();
      collector.addParagraph({ alignment: '', runs: [{ text: line, format: 0 }] });
    } else if (heading) {
      paragraphs.flush();
      const [, marks = '', title = ''] = heading;
      if (marks.length <= 2) {
        collector.startChapter(plainText({ alignment: '', runs: parseMarkdownInline(title) }));
      } else {
        collector.addParagraph({ alignment: '', runs: parseMarkdownInline(title) });
      }
    } else {
      const breaksHere = joinLines && HARD_LINE_BREAK.test(line);
      paragraphs.add(breaksHere ? line.replace(/\\$/, '') : line);
      if (breaksHere) paragraphs.flush();
    }
  }
  paragraphs.flush();
  return collector.finish();
}
