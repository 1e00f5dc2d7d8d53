import { useEffect, useRef } from 'react';
import { saveReadingPosition } from '../../../api/review';
import { KEY_ID_ATTRIBUTE } from '../text-offsets';

/** Space the sticky app bar takes at the top of the window: a paragraph under it is not being read. */
export const READING_TOP_INSET = 72;
/** A position is sent once the reader has stopped scrolling for this long (and when they leave). */
const SAVE_DELAY_MS = 1500;

/** The key_id of the first paragraph still visible below the app bar (paragraphs are in order: bisect). */
function paragraphAtTop(article: HTMLElement): string | null {
  const paragraphs = article.querySelectorAll(`[${KEY_ID_ATTRIBUTE}]`);
  let low = 0;
  let high = paragraphs.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (paragraphs[middle]!.getBoundingClientRect().bottom <= READING_TOP_INSET) low = middle + 1;
    else high = middle;
  }
  return paragraphs[Math.min(low, paragraphs.length - 1)]?.getAttribute(KEY_ID_ATTRIBUTE) ?? null;
}

export function paragraphElement(article: HTMLElement, keyId: string): HTMLElement | undefined {
  return [...article.querySelectorAll<HTMLElement>(`[${KEY_ID_ATTRIBUTE}]`)].find(
    (element) => element.getAttribute(KEY_ID_ATTRIBUTE) === keyId,
  );
}

/**
 * Issue 24 §2: where I stopped in a chapter. Once its text is shown, opens it at the saved paragraph; then keeps
 * the paragraph at the top of the window and sends it when scrolling settles, when the page is hidden and when
 * the chapter is left. The top paragraph is found as the reader scrolls, so leaving reads no layout.
 */
export function useReadingPosition(
  storyId: string,
  chapterId: string,
  article: HTMLElement | null,
  savedKeyId: string | undefined,
): void {
  // Read when the chapter's text appears, not followed afterwards: a later answer must not move the reader.
  const savedRef = useRef(savedKeyId);
  useEffect(() => {
    savedRef.current = savedKeyId;
  }, [savedKeyId]);

  // What this visit sent, per chapter: newer than the positions read when the page opened.
  const sentRef = useRef(new Map<string, string>());

  useEffect(() => {
    if (!article) return;
    const sent = sentRef.current;
    let lastSaved = sent.get(chapterId) ?? savedRef.current;
    let atTop = lastSaved;
    const saved = lastSaved === undefined ? undefined : paragraphElement(article, lastSaved);
    window.scrollTo({
      top: saved ? saved.getBoundingClientRect().top + window.scrollY - READING_TOP_INSET : 0,
    });

    const save = () => {
      if (atTop === undefined || atTop === lastSaved) return;
      lastSaved = atTop;
      sent.set(chapterId, atTop);
      saveReadingPosition(storyId, chapterId, atTop).catch(() => {
        // A lost position is not worth interrupting the reader: the next scroll sends it again.
        lastSaved = undefined;
      });
    };
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        atTop = paragraphAtTop(article) ?? atTop;
      });
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_DELAY_MS);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', save);
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      save();
    };
  }, [storyId, chapterId, article]);
}
