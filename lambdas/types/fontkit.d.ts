/** The part of fontkit (installed with pdfkit, which uses it) that cover titles and the print book use; it ships no types. */
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    path: { toSVG(): string };
  }
  export interface GlyphPosition {
    xAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
  }
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    capHeight: number;
    familyName: string;
    glyphForCodePoint(codePoint: number): Glyph;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): GlyphRun;
  }
  export function openSync(filename: string): Font;
}
