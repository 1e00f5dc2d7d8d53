import { inlineNodeText } from '../../../shared/paragraph-text';
import { type Paragraph, TEXT_FORMAT_BITS } from '../../../shared/schemas/paragraph';
import { isSceneBreak } from '../import/paragraph-builder';

/**
 * A story as Markdown that the manuscript import (`import/parse-markdown.ts`) reads back to the same chapters:
 * a front matter with the title and description (metadata the import skips), each chapter a '#' heading, each
 * non-blank paragraph one line with a blank line after it, formatting as emphasis ('*' italic, '**' bold, '~~'
 * strikethrough) and '<u>' for underline, which Markdown lacks.
 */

export interface MarkdownChapter {
  title: string;
  paragraphs: readonly Paragraph[];
}

export interface MarkdownStory {
  title: string;
  description: string;
  chapters: readonly MarkdownChapter[];
}

/** Characters the import's inline parser treats as markup; written escaped so they come back as text. */
const INLINE_MARKUP = /[\\*_~`<[\]]/g;
/** A link's '](' would be read as a link even with its brackets escaped. */
const LINK_OPENING = /\]\(/g;
/** What would make a line something other than a paragraph: a heading, a block quote, a code fence. */
const BLOCK_MARKUP_AT_START = /^(\s*)([#>])/;
const LETTER_OR_DIGIT_AT_BOTH_ENDS = /^[\p{L}\p{N}](?:.*[\p{L}\p{N}])?$/su;

function escapeInline(text: string): string {
  return text.replace(INLINE_MARKUP, '\\$&').replace(LINK_OPENING, ']\\(');
}

interface Run {
  text: string;
  format: number;
}

const FORMATS = [
  { bit: TEXT_FORMAT_BITS.bold, emphasis: '**', tag: 'b' },
  { bit: TEXT_FORMAT_BITS.italic, emphasis: '*', tag: 'i' },
  { bit: TEXT_FORMAT_BITS.strikethrough, emphasis: '~~', tag: 's' },
  { bit: TEXT_FORMAT_BITS.underline, emphasis: undefined, tag: 'u' },
] as const;

/**
 * A formatted run wrapped in its markers, the spaces at its edges left outside (emphasis cannot open before a
 * space). Emphasis only pairs by CommonMark's flanking rules, which text ending in punctuation next to a word
 * breaks; such a run gets the HTML tags the import reads as well.
 */
function formattedRun(run: Run): string {
  const [, leading = '', core = '', trailing = ''] = /^(\s*)(.*?)(\s*)$/su.exec(run.text) ?? [];
  if (core === '' || run.format === 0) return escapeInline(run.text);
  const useEmphasis = LETTER_OR_DIGIT_AT_BOTH_ENDS.test(core);
  let opening = '';
  let closing = '';
  for (const format of FORMATS) {
    if ((run.format & format.bit) === 0) continue;
    const marker =
      useEmphasis && format.emphasis
        ? format.emphasis
        : { open: `<${format.tag}>`, close: `</${format.tag}>` };
    opening += typeof marker === 'string' ? marker : marker.open;
    closing = (typeof marker === 'string' ? marker : marker.close) + closing;
  }
  return `${leading}${opening}${escapeInline(core)}${closing}${trailing}`;
}

/** The paragraph's runs, line breaks as spaces (a line of its own would be a paragraph of its own). */
function paragraphRuns(paragraph: Paragraph): Run[] {
  const runs: Run[] = [];
  for (const node of paragraph.children) {
    const text = inlineNodeText(node).replace(/\n/g, ' ');
    const { format } = node as { format?: unknown };
    const bits = typeof format === 'number' ? format : 0;
    const previous = runs[runs.length - 1];
    if (previous && previous.format === bits) previous.text += text;
    else if (text !== '') runs.push({ text, format: bits });
  }
  return runs;
}

/** One paragraph as one Markdown line; undefined for a blank paragraph, which Markdown cannot hold. */
export function paragraphMarkdown(paragraph: Paragraph): string | undefined {
  const runs = paragraphRuns(paragraph);
  const plain = runs.map((run) => run.text).join('');
  if (plain.trim() === '') return undefined;
  // A scene break ('***', '* * *', '#') is written as typed, so it comes back as one.
  if (isSceneBreak(plain)) return plain.trim();
  return runs.map(formattedRun).join('').replace(BLOCK_MARKUP_AT_START, '$1\\$2');
}

/** Front matter values are written as JSON strings, which YAML reads as double-quoted strings. */
const yamlString = (value: string) => JSON.stringify(value);

export function storyMarkdown(story: MarkdownStory): string {
  const lines = ['---', `title: ${yamlString(story.title)}`];
  if (story.description !== '') lines.push(`description: ${yamlString(story.description)}`);
  lines.push('---', '');
  for (const chapter of story.chapters) {
    // Trailing '#'s would be read as a closing sequence of the heading and dropped.
    lines.push(`# ${escapeInline(chapter.title).replace(/#/g, '\\#')}`, '');
    for (const paragraph of chapter.paragraphs) {
      const line = paragraphMarkdown(paragraph);
      if (line !== undefined) lines.push(line, '');
    }
  }
  return lines.join('\n');
}
