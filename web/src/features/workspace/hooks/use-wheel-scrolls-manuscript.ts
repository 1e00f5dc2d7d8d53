import { useEffect, type RefObject } from 'react';

/** Pixels per line and per page for wheels that report lines or pages (`WheelEvent.deltaMode`). */
const LINE_HEIGHT_PX = 16;

function wheelPixels(event: WheelEvent, pageHeight: number): number {
  if (event.deltaMode === WheelEvent.DOM_DELTA_LINE) return event.deltaY * LINE_HEIGHT_PX;
  if (event.deltaMode === WheelEvent.DOM_DELTA_PAGE) return event.deltaY * pageHeight;
  return event.deltaY;
}

/** Whether something between the target and the page scrolls on its own, in the wheel's direction. */
function scrollsItself(target: Element, deltaY: number): boolean {
  for (let element: Element | null = target; element; element = element.parentElement) {
    if (element === document.body || element === document.documentElement) return false;
    const { overflowY } = getComputedStyle(element);
    if (overflowY !== 'auto' && overflowY !== 'scroll') continue;
    const room =
      deltaY > 0 ? element.scrollHeight - element.clientHeight - element.scrollTop : element.scrollTop;
    if (room > 0) return true;
  }
  return false;
}

/**
 * The mouse wheel scrolls the manuscript from anywhere on the workspace page: the margins beside it, the side
 * menu, the header, the word counts. Only the manuscript scrolls on this page (it fills the window), so a
 * wheel over anything else would otherwise do nothing. Panels, lists and dialogs that scroll themselves keep
 * their wheel.
 */
export function useWheelScrollsManuscript(manuscript: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onWheel = (event: WheelEvent) => {
      const area = manuscript.current;
      if (!area || event.defaultPrevented || event.ctrlKey || event.deltaY === 0) return;
      const target = event.target instanceof Element ? event.target : null;
      // Over a dialog, a menu or the page behind them, the manuscript stays put.
      if (!target || target.closest('.MuiModal-root') || area.contains(target)) return;
      if (scrollsItself(target, event.deltaY)) return;
      area.scrollTop += wheelPixels(event, area.clientHeight);
    };
    window.addEventListener('wheel', onWheel, { passive: true });
    return () => window.removeEventListener('wheel', onWheel);
  }, [manuscript]);
}
