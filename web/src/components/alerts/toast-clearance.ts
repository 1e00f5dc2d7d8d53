import { createContext, useContext, useEffect, type RefObject } from 'react';

/** Sets how far above the window's bottom edge toasts must stay (px); 0 when nothing needs clearing. */
export const ToastClearanceContext = createContext<(pixels: number) => void>(() => undefined);

/** The space an element takes up from its top edge to the bottom of the window, while it is on screen. */
function clearanceFor(element: HTMLElement): number {
  const rect = element.getBoundingClientRect();
  if (rect.bottom <= 0 || rect.top >= window.innerHeight) return 0;
  return Math.max(0, Math.ceil(window.innerHeight - rect.top));
}

/**
 * Keeps toasts above an element the author needs while they show: the workspace's footer, the series editor's
 * actions. Followed as the page scrolls or resizes; released when the element goes.
 */
export function useToastClearance(element: RefObject<HTMLElement | null>): void {
  const setClearance = useContext(ToastClearanceContext);

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (element.current) setClearance(clearanceFor(element.current));
      });
    };
    measure();
    // Every browser has it; a DOM without layout (jsdom in the unit tests) has not, and has nothing to measure.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (element.current) observer?.observe(element.current);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, { capture: true });
      setClearance(0);
    };
  }, [element, setClearance]);
}
