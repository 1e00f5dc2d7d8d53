import JSZip from 'jszip';

/** The paragraph properties an importer keeps, as a style in word/styles.xml sets them. */
export interface StyleParagraphProperties {
  /** `w:jc`, e.g. 'center' or 'both'. */
  alignment?: string;
}

/** Paragraph styles by id, each resolved through its `w:basedOn` chain and the document defaults. */
export interface ParagraphStyles {
  /** A paragraph's style (`null` when it names none, so Word's default paragraph style applies). */
  get(styleId: string | null): StyleParagraphProperties;
}

interface StyleDefinition extends StyleParagraphProperties {
  basedOn?: string;
}

const STYLE_ELEMENT = /<w:style\b([^>]*)>([\s\S]*?)<\/w:style>/g;
const PARAGRAPH_PROPERTIES = /<w:pPr\b[^>]*>([\s\S]*?)<\/w:pPr>/;
const DEFAULT_PARAGRAPH_PROPERTIES = /<w:pPrDefault\b[^>]*>([\s\S]*?)<\/w:pPrDefault>/;

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
}

function paragraphProperties(xml: string): StyleParagraphProperties {
  const properties = PARAGRAPH_PROPERTIES.exec(xml)?.[1] ?? '';
  const justification = /<w:jc\b([^>]*)\/?>/.exec(properties)?.[1];
  return { alignment: justification ? attribute(justification, 'w:val') : undefined };
}

/**
 * Reads the paragraph styles of a .docx. Mammoth reports only a paragraph's own `w:jc`, but manuscripts
 * usually align through their styles (a centred scene-break style), so those are read here. styles.xml is machine-written OOXML with the `w:` prefix;
 * a file without it simply has no style properties.
 */
export async function readParagraphStyles(bytes: Uint8Array): Promise<ParagraphStyles> {
  let xml = '';
  try {
    const zip = await JSZip.loadAsync(bytes);
    xml = (await zip.file('word/styles.xml')?.async('string')) ?? '';
  } catch {
    // Not a readable zip: the document reader refuses the file with the right message.
  }
  const defaults = paragraphProperties(DEFAULT_PARAGRAPH_PROPERTIES.exec(xml)?.[1] ?? '');
  const definitions = new Map<string, StyleDefinition>();
  let defaultStyleId: string | undefined;
  for (const [, attributes = '', body = ''] of xml.matchAll(STYLE_ELEMENT)) {
    const styleId = attribute(attributes, 'w:styleId');
    if (attribute(attributes, 'w:type') !== 'paragraph' || !styleId) continue;
    if (attribute(attributes, 'w:default') === '1' || attribute(attributes, 'w:default') === 'true') {
      defaultStyleId = styleId;
    }
    const basedOn = /<w:basedOn\b([^>]*)\/?>/.exec(body)?.[1];
    definitions.set(styleId, {
      ...paragraphProperties(body),
      basedOn: basedOn ? attribute(basedOn, 'w:val') : undefined,
    });
  }

  const resolved = new Map<string, StyleParagraphProperties>();
  const resolve = (styleId: string, seen: Set<string>): StyleParagraphProperties => {
    const cached = resolved.get(styleId);
    if (cached) return cached;
    const definition = definitions.get(styleId);
    // A missing or circular base falls back to the document defaults.
    const base =
      definition?.basedOn && !seen.has(definition.basedOn)
        ? resolve(definition.basedOn, seen.add(styleId))
        : defaults;
    const properties = {
      alignment: definition?.alignment ?? base.alignment,
    };
    resolved.set(styleId, properties);
    return properties;
  };
  return {
    get: (styleId) => {
      const id = styleId ?? defaultStyleId;
      return id ? resolve(id, new Set()) : defaults;
    },
  };
}
