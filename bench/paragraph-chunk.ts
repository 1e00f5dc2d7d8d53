import type { Paragraph } from '../shared/schemas/paragraph';

/** A stored paragraph (the editor's custom-paragraph JSON) holding one plain text run. */
export function paragraphChunk(keyId: string, text: string): string {
  const json: Paragraph = {
    type: 'custom-paragraph',
    version: 1,
    key_id: keyId,
    format: '',
    indent: 0,
    direction: 'ltr',
    textFormat: 0,
    textStyle: '',
    children: [{ type: 'text', version: 1, text, format: 0, style: '', detail: 0, mode: 'normal' }],
  };
  return JSON.stringify(json);
}
