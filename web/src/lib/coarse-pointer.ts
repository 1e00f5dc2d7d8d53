/** A touch screen is the main pointer (a phone, a tablet): there is no right-click, and a link is tapped. */
export const COARSE_POINTER_QUERY = '(pointer: coarse)';

/** Whether the main pointer is a finger, read once at the moment it matters. */
export function hasCoarsePointer(): boolean {
  // jsdom, and some embedded browsers, have no matchMedia: they are treated as pointer devices.
  return typeof window.matchMedia === 'function' && window.matchMedia(COARSE_POINTER_QUERY).matches;
}
