import type { EditorThemeClasses } from 'lexical';

/**
 * Class names Lexical puts on the chapter's DOM; the ChapterEditor's styles give them their look. Underline
 * and strikethrough need classes: unlike bold and italic, Lexical renders them as plain spans.
 */
export const editorTheme: EditorThemeClasses = {
  paragraph: 'lw-paragraph',
  text: {
    bold: 'lw-text-bold',
    italic: 'lw-text-italic',
    underline: 'lw-text-underline',
    strikethrough: 'lw-text-strikethrough',
    underlineStrikethrough: 'lw-text-underline-strikethrough',
  },
};
