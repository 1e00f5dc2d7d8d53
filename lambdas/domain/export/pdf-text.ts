import type { FontFace } from './font-files';
import { fontFace } from './font-files';
import type { Line, LineMetrics } from './pdf-lines';
import { type StyledRun, sameStyle } from './paragraph-runs';

/**
 * Measuring and drawing body lines with pdfkit, for the manuscript and the print book alike. Faces are selected
 * by their file path, the key pdfkit caches an opened font under: an alias registered with `registerFont` for a
 * font already open under another key makes pdfkit parse the font file again at every switch, which made a
 * novel take seconds longer.
 */

type Pdf = PDFKit.PDFDocument;

/** The faces a text is set in, by file path, and its size. */
export interface TextFonts {
  path: (face: FontFace) => string;
  size: number;
}

/** Small capitals are capitals this much smaller than the text (none of the faces has true ones in every style). */
export const SMALL_CAPS_SCALE = 0.8;

/** A tab inside a paragraph (not the leading one, which is an indent) shows as an em space's worth of gap. */
export const INNER_TAB = '\u2003';

const runSize = (run: StyledRun, fonts: TextFonts) =>
  run.smallCaps ? fonts.size * SMALL_CAPS_SCALE : fonts.size;

/** Widths measured once per face, size and string: a novel repeats its words, and measuring is pdfkit's dearest step. */
export function lineMetrics(pdf: Pdf, fonts: TextFonts): LineMetrics {
  const widths = new Map<string, number>();
  const measure = (run: StyledRun, text: string) => {
    const path = fonts.path(fontFace(run.bold, run.italic));
    const size = runSize(run, fonts);
    const key = `${path}\u0000${size}\u0000${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      width = pdf.font(path).fontSize(size).widthOfString(text);
      widths.set(key, width);
    }
    return width;
  };
  const plain: StyledRun = { text: ' ', bold: false, italic: false, underline: false, strikethrough: false };
  return { measure, spaceWidth: measure(plain, ' ') };
}

/**
 * Draws a line on `baseline`: neighbouring words of one style in one call, their spaces stretched alike (small
 * capitals on the same baseline).
 */
export function drawLine(pdf: Pdf, line: Line, left: number, baseline: number, fonts: TextFonts) {
  let index = 0;
  while (index < line.placed.length) {
    const first = line.placed[index]!;
    let text = first.piece.text;
    let end = index + 1;
    while (
      end < line.placed.length &&
      line.placed[end]!.startsWord &&
      sameStyle(line.placed[end]!.piece.run, first.piece.run)
    ) {
      text += ` ${line.placed[end]!.piece.text}`;
      end += 1;
    }
    const { run } = first.piece;
    pdf.font(fonts.path(fontFace(run.bold, run.italic))).fontSize(runSize(run, fonts));
    pdf.text(text, left + first.x, baseline, {
      lineBreak: false,
      baseline: 'alphabetic',
      wordSpacing: line.extraSpace,
      underline: run.underline,
      strike: run.strikethrough,
    });
    index = end;
  }
}

/** Runs `write` on the document, ends it and answers its bytes as pdfkit streamed them out. */
export async function pdfBytes(pdf: Pdf, write: () => void): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  const finished = new Promise<void>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  write();
  pdf.end();
  await finished;
  const body = Buffer.concat(chunks);
  return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
}
