import { FINGER_TARGET_PX } from '../../../lib/coarse-pointer';
import { ASSOCIATION_MENTION_CLASS } from '../../nodes/association-node';

/** The block of the text (a direct child of its root) holding `element`; null outside the text. */
function blockOf(root: HTMLElement, element: Element | null): Element | null {
  let current = element;
  while (current && current.parentElement !== root) current = current.parentElement;
  return current;
}

/**
 * The mention a finger meant by a tap beside it: the nearest one whose box, grown around its middle to 44 × 44 px
 * where it is smaller, holds the point. A mention is a word of text, one line high, and cannot grow without
 * spacing the text apart; its target grows instead. Only the blocks at, and a half target above and below, the
 * point are looked at, so a tap costs the same in a chapter of any length.
 */
export function mentionNear(root: HTMLElement, x: number, y: number): HTMLElement | null {
  const reach = FINGER_TARGET_PX / 2;
  const blocks = new Set([-reach, 0, reach].map((dy) => blockOf(root, document.elementFromPoint(x, y + dy))));
  let nearest: HTMLElement | null = null;
  let nearestDistance = Infinity;
  for (const block of blocks) {
    for (const mention of block?.querySelectorAll<HTMLElement>(`.${ASSOCIATION_MENTION_CLASS}`) ?? []) {
      for (const box of mention.getClientRects()) {
        const dx = Math.max(box.left - x, 0, x - box.right);
        const dy = Math.max(box.top - y, 0, y - box.bottom);
        const inReach = dx <= Math.max(0, reach - box.width / 2) && dy <= Math.max(0, reach - box.height / 2);
        const distance = Math.hypot(dx, dy);
        if (inReach && distance < nearestDistance) {
          nearest = mention;
          nearestDistance = distance;
        }
      }
    }
  }
  return nearest;
}
