import { type ImportedManuscript, ManuscriptCollector } from './manuscript-collector';
import { isSceneBreak } from './paragraph-builder';
import { isBlankLine, isHardWrapped, ParagraphLines, splitLines } from './text-lines';

const NUMBER_WORD =
  'zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|' +
  'seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|and';
const ORDINAL_WORD =
  'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|' +
  'fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|last|final';
/** 12, XII, Twelve, Twenty-One, One Hundred and Five. */
const CHAPTER_NUMBER = `(?:\\d+|[ivxlcdm]+|(?:${NUMBER_WORD})(?:[\\s-]+(?:${NUMBER_WORD}))*)`;

/**
 * A line that starts a chapter: 'Chapter 12', 'CHAPTER TWELVE', 'Chapter One: The Road', 'Chapter 3. Home',
 * 'The First Chapter', 'Prologue', 'Epilogue'. The whole line must be the heading, so a sentence that begins
 * with 'Chapter 12 was…' stays text.
 */
const CHAPTER_HEADING = new RegExp(
  `^(?:chapter\\s+${CHAPTER_NUMBER}\\.?(?:\\s*[:.\\u2013\\u2014-]\\s*\\S.*)?|the\\s+(?:${ORDINAL_WORD})\\s+chapter|prologue|epilogue)$`,
  'i',
);

export function isChapterHeading(line: string): boolean {
  return CHAPTER_HEADING.test(line.trim());
}

/**
 * A plain-text manuscript: chapter lines start chapters and are their titles; each line is a paragraph (a
 * hard-wrapped file's lines are joined up to each blank line); blank lines separate and are not kept;
 * scene-break lines are paragraphs of their own. Text has no formatting and no alignment.
 */
export function parseText(text: string, untitledChapterTitle: string): ImportedManuscript {
  const lines = splitLines(text);
  const collector = new ManuscriptCollector(untitledChapterTitle);
  const paragraphs = new ParagraphLines(isHardWrapped(lines), (paragraph) =>
    collector.addParagraph({ alignment: '', runs: [{ text: paragraph, format: 0 }] }),
  );
  for (const line of lines) {
    if (isBlankLine(line)) {
      paragraphs.flush();
    } else if (isChapterHeading(line)) {
      paragraphs.flush();
      collector.startChapter(line);
    } else if (isSceneBreak(line)) {
      paragraphs.flush();
      collector.addParagraph({ alignment: '', runs: [{ text: line, format: 0 }] });
    } else {
      paragraphs.add(line);
    }
  }
  paragraphs.flush();
  return collector.finish();
}
