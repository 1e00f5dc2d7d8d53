import { afterEach, describe, expect, it } from 'vitest';
import { mentionNear } from '../../../../web/src/editor/plugins/association-mention-plugin/mention-near';
import { ASSOCIATION_MENTION_CLASS } from '../../../../web/src/editor/nodes/association-node';

/**
 * Two paragraphs, each one line 28 px high with a mention 20 px wide and 20 px high in it, laid out as the browser
 * would (jsdom has no layout): 'Al' at x 100–120 on the line from y 0, 'Bo' at x 100–120 on the line from y 40, 12 px
 * of margin between them.
 */
function layOutText() {
  const root = document.createElement('div');
  const lines = [
    { name: 'Al', top: 0 },
    { name: 'Bo', top: 40 },
  ].map(({ name, top }) => {
    const paragraph = document.createElement('p');
    const mention = document.createElement('span');
    mention.className = ASSOCIATION_MENTION_CLASS;
    mention.textContent = name;
    paragraph.append('Then ', mention, ' left.');
    mention.getClientRects = () =>
      [DOMRect.fromRect({ x: 100, y: top + 4, width: 20, height: 20 })] as unknown as DOMRectList;
    root.append(paragraph);
    return { paragraph, mention, top };
  });
  document.body.append(root);
  Object.defineProperty(document, 'elementFromPoint', {
    configurable: true,
    value: (_x: number, y: number) => lines.find(({ top }) => y >= top && y < top + 28)?.paragraph ?? root,
  });
  return { root, al: lines[0]!.mention, bo: lines[1]!.mention };
}

afterEach(() => {
  Reflect.deleteProperty(document, 'elementFromPoint');
  document.body.replaceChildren();
});

describe('mentionNear', () => {
  it('finds a mention tapped within 44 × 44 px around its middle', () => {
    const { root, al } = layOutText();

    expect(mentionNear(root, 131, 14)).toBe(al);
    expect(mentionNear(root, 89, 14)).toBe(al);
    expect(mentionNear(root, 110, 30)).toBe(al);
  });

  it('finds nothing a finger could not have meant', () => {
    const { root } = layOutText();

    expect(mentionNear(root, 133, 14)).toBeNull();
    expect(mentionNear(root, 40, 14)).toBeNull();
  });

  it('takes the nearer of two mentions in reach of a tap between their paragraphs', () => {
    const { root, al, bo } = layOutText();

    expect(mentionNear(root, 110, 33)).toBe(al);
    expect(mentionNear(root, 110, 35)).toBe(bo);
  });
});
