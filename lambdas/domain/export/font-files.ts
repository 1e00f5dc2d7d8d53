import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the serif font embedded in exported PDFs is found at run time. Tinos (Apache-2.0) is metrically
 * compatible with Times New Roman, so a PDF lays out exactly as the DOCX does in Word.
 *
 * Two places, tried in order:
 * - `fonts/` beside the running module: a Lambda bundle is one `index.mjs`, and the CDK bundling copies the
 *   four TTFs into a `fonts/` folder next to it;
 * - the `@expo-google-fonts/tinos` package, resolved from this module: the repository, tests and the embedded
 *   runtime.
 */

export type FontFace = 'regular' | 'bold' | 'italic' | 'boldItalic';

const FONT_PACKAGE = '@expo-google-fonts/tinos';

/** Each face's file inside the package, and under its base name in a bundle's `fonts/` folder. */
const FACE_FILES: Record<FontFace, string> = {
  regular: '400Regular/Tinos_400Regular.ttf',
  bold: '700Bold/Tinos_700Bold.ttf',
  italic: '400Regular_Italic/Tinos_400Regular_Italic.ttf',
  boldItalic: '700Bold_Italic/Tinos_700Bold_Italic.ttf',
};

function packageDirectory(): string | null {
  try {
    return path.dirname(createRequire(import.meta.url).resolve(`${FONT_PACKAGE}/package.json`));
  } catch {
    return null;
  }
}

const resolvedPaths = new Map<FontFace, string>();

/** The absolute path of a face's TTF (looked up once per process); throws naming both places when neither holds it. */
export function serifFontPath(face: FontFace): string {
  const known = resolvedPaths.get(face);
  if (known !== undefined) return known;
  const resolved = locateFont(face);
  resolvedPaths.set(face, resolved);
  return resolved;
}

function locateFont(face: FontFace): string {
  const bundled = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    'fonts',
    path.basename(FACE_FILES[face]),
  );
  if (existsSync(bundled)) return bundled;
  const installed = packageDirectory();
  const fromPackage = installed === null ? null : path.join(installed, FACE_FILES[face]);
  if (fromPackage !== null && existsSync(fromPackage)) return fromPackage;
  throw new Error(
    `Font file ${path.basename(FACE_FILES[face])} is neither at ${bundled} nor in ${FONT_PACKAGE}`,
  );
}

/** The face a run with these styles is set in. */
export function fontFace(bold: boolean, italic: boolean): FontFace {
  if (bold) return italic ? 'boldItalic' : 'bold';
  return italic ? 'italic' : 'regular';
}
