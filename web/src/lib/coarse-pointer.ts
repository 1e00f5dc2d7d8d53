/** A touch screen is the main pointer (a phone, a tablet): there is no right-click, and a link is tapped. */
export const COARSE_POINTER_QUERY = '(pointer: coarse)';

/** Whether the main pointer is a finger, read once at the moment it matters. */
export function hasCoarsePointer(): boolean {
  // jsdom, and some embedded browsers, have no matchMedia: they are treated as pointer devices.
  return typeof window.matchMedia === 'function' && window.matchMedia(COARSE_POINTER_QUERY).matches;
}

/** The smallest target for a finger (WCAG 2.5.5, Apple's guidelines; issue 26 §3), in CSS px either way. */
export const FINGER_TARGET_PX = 44;

const fingerSize = { minWidth: FINGER_TARGET_PX, minHeight: FINGER_TARGET_PX };

/** Styles giving an element a finger's target on a touch screen; a mouse's is left as drawn. */
export const fingerSized = { [`@media ${COARSE_POINTER_QUERY}`]: fingerSize } as const;

/** The same for every button inside an element (a list of comments with their actions). */
export const fingerSizedButtons = {
  [`@media ${COARSE_POINTER_QUERY}`]: { '& .MuiButtonBase-root, & button, & [role="button"]': fingerSize },
} as const;
