import { useEffect, useRef, useState, type RefObject } from 'react';

/** Which edge of the visual viewport the element keeps to: a toolbar its top, a status in a corner its bottom. */
export type VisualViewportEdge = 'top' | 'bottom';

/**
 * How far (in CSS px, for `translateY`) the element must move to stay inside the visual viewport, the part of
 * the page on screen. A phone's on-screen keyboard shrinks the visual viewport without resizing the page, and
 * the browser then pans it (Chrome) or scrolls the page itself (iOS Safari) to show the caret: an element stuck
 * to the page's top, or fixed to its bottom, goes off screen. The element's place without the offset is
 * measured again on every pan, resize and scroll, and when a box holding it resizes, so both ways are
 * followed. Zero while the element is on screen anyway, while the page is pinch-zoomed (a toolbar would cover
 * what the author zoomed in on), and in browsers without `visualViewport`.
 */
export function useVisualViewportOffset(
  element: RefObject<HTMLElement | null>,
  edge: VisualViewportEdge,
): number {
  const [offset, setOffset] = useState(0);
  // The offset the element is drawn with, taken off its measured box to find where it would be without it.
  const applied = useRef(0);

  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const box = element.current?.getBoundingClientRect();
      if (!box) return;
      const top = viewport.offsetTop;
      const bottom = viewport.offsetTop + viewport.height;
      const zoomed = viewport.scale > 1;
      const next = zoomed
        ? 0
        : edge === 'top'
          ? Math.max(0, top - (box.top - applied.current))
          : Math.min(0, bottom - (box.bottom - applied.current));
      applied.current = next;
      setOffset(next);
    };
    // At most one measurement a frame: the keyboard's animation and a fling fire these events many times each.
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    schedule();
    viewport.addEventListener('resize', schedule);
    viewport.addEventListener('scroll', schedule);
    // iOS Safari scrolls the page under the keyboard without panning the visual viewport.
    window.addEventListener('scroll', schedule);
    // The page's layout moves the element too (the workspace hides its header once the author types), and
    // resizes a box holding it when it does.
    const layout = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(schedule);
    for (let box = element.current?.parentElement; box; box = box.parentElement) layout?.observe(box);
    return () => {
      cancelAnimationFrame(frame);
      layout?.disconnect();
      viewport.removeEventListener('resize', schedule);
      viewport.removeEventListener('scroll', schedule);
      window.removeEventListener('scroll', schedule);
    };
  }, [element, edge]);

  return offset;
}
