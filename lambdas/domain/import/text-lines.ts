/** Lines of a text file, whatever its line endings. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n?|\n|\u2028|\u2029/);
}

export function isBlankLine(line: string): boolean {
  return line.trim() === '';
}

/** Hard-wrapped prose (Project Gutenberg, many editors' Markdown) keeps its lines below this. */
const WRAPPED_LINE_MAX_LENGTH = 100;
/** ...and fills most of them, where one-paragraph-per-line files have many short lines (dialogue). */
const WRAPPED_LINE_MIN_LENGTH = 50;
const WRAPPED_SHARE = 0.7;

/**
 * Whether the file's paragraphs are wrapped over several lines, blank lines between paragraphs: no line
 * longer than a wrapped one, and most lines that another line follows filled to the wrap width. Otherwise
 * each line is a paragraph, as the spec's paste rule has it.
 */
export function isHardWrapped(lines: readonly string[]): boolean {
  let continued = 0;
  let filled = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const length = lines[index]!.trimEnd().length;
    if (length > WRAPPED_LINE_MAX_LENGTH) return false;
    const next = lines[index + 1];
    if (length === 0 || next === undefined || isBlankLine(next)) continue;
    continued += 1;
    if (length >= WRAPPED_LINE_MIN_LENGTH) filled += 1;
  }
  return continued > 0 && filled >= continued * WRAPPED_SHARE;
}

/**
 * Collects a paragraph's lines: with `joinLines`, the lines up to a blank line form one paragraph (the
 * first keeps its indentation); without, every line is a paragraph of its own.
 */
export class ParagraphLines {
  private lines: string[] = [];

  constructor(
    private readonly joinLines: boolean,
    private readonly emit: (text: string) => void,
  ) {}

  add(line: string): void {
    if (this.joinLines) this.lines.push(line);
    else this.emit(line);
  }

  flush(): void {
    if (this.lines.length === 0) return;
    const [first = '', ...rest] = this.lines;
    this.emit([first.trimEnd(), ...rest.map((line) => line.trim())].join(' '));
    this.lines = [];
  }
}
