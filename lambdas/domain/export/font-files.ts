import { existsSync } from 'node:fs';
import { openSync } from 'fontkit';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the fonts shipped with the functions are found at run time: the serif embedded in exported PDFs, and
 * the faces generated covers draw their titles with. Tinos (Apache-2.0) is metrically compatible with Times
 * New Roman, so a PDF lays out exactly as the DOCX does in Word.
 *
 * Two places, tried in order:
 * - `fonts/` beside the running module: a Lambda bundle is one `index.mjs`, and the CDK bundling copies the
 *   TTFs a handler needs into a `fonts/` folder next to it, under their base names;
 * - the font's npm package, resolved from this module: the repository, tests and the embedded runtime.
 */

/** A TTF shipped with the functions: its npm package and its path inside that package. */
export interface ShippedFont {
  packageName: string;
  fileInPackage: string;
}

export type FontFace = 'regular' | 'bold' | 'italic' | 'boldItalic';

const SERIF_PACKAGE = '@expo-google-fonts/tinos';

/** Each face's file inside the package, and under its base name in a bundle's `fonts/` folder. */
const FACE_FILES: Record<FontFace, string> = {
  regular: '400Regular/Tinos_400Regular.ttf',
  bold: '700Bold/Tinos_700Bold.ttf',
  italic: '400Regular_Italic/Tinos_400Regular_Italic.ttf',
  boldItalic: '700Bold_Italic/Tinos_700Bold_Italic.ttf',
};

function packageDirectory(packageName: string): string | null {
  try {
    return path.dirname(createRequire(import.meta.url).resolve(`${packageName}/package.json`));
  } catch {
    return null;
  }
}

const resolvedPaths = new Map<string, string>();

/** The absolute path of a shipped TTF (looked up once per process); throws naming both places when neither holds it. */
export function shippedFontPath(font: ShippedFont): string {
  const id = `${font.packageName}/${font.fileInPackage}`;
  const known = resolvedPaths.get(id);
  if (known !== undefined) return known;
  const resolved = locateFont(font);
  resolvedPaths.set(id, resolved);
  return resolved;
}

/** The absolute path of a serif face's TTF. */
export function serifFontPath(face: FontFace): string {
  return shippedFontPath({ packageName: SERIF_PACKAGE, fileInPackage: FACE_FILES[face] });
}

function locateFont({ packageName, fileInPackage }: ShippedFont): string {
  const fileName = path.basename(fileInPackage);
  const bundled = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fonts', fileName);
  if (existsSync(bundled)) return bundled;
  const installed = packageDirectory(packageName);
  const fromPackage = installed === null ? null : path.join(installed, fileInPackage);
  if (fromPackage !== null && existsSync(fromPackage)) return fromPackage;
  throw new Error(`Font file ${fileName} is neither at ${bundled} nor in ${packageName}`);
}

/** The face a run with these styles is set in. */
export function fontFace(bold: boolean, italic: boolean): FontFace {
  if (bold) return italic ? 'boldItalic' : 'bold';
  return italic ? 'italic' : 'regular';
}

/** A face's vertical measures, per point of size. */
export interface FontMetrics {
  ascent: number;
  descent: number;
  capHeight: number;
}

const metricsByPath = new Map<string, FontMetrics>();

/** The face's ascent, descent (negative) and capital height, read once per file. */
export function fontMetrics(fontPath: string): FontMetrics {
  let metrics = metricsByPath.get(fontPath);
  if (!metrics) {
    const font = openSync(fontPath);
    const { unitsPerEm } = font;
    metrics = {
      ascent: font.ascent / unitsPerEm,
      descent: font.descent / unitsPerEm,
      capHeight: font.capHeight / unitsPerEm,
    };
    metricsByPath.set(fontPath, metrics);
  }
  return metrics;
}
