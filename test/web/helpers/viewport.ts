import { vi } from 'vitest';

/**
 * A window `width` pixels wide, as far as CSS media queries are concerned: jsdom has none of its own, which
 * MUI reads as the narrowest screen. `setup-web.ts` takes the stub away after each test.
 */
export function stubViewportWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const maxWidth = /max-width:\s*([\d.]+)px/.exec(query);
    const minWidth = /min-width:\s*([\d.]+)px/.exec(query);
    const matches =
      (maxWidth ? width <= Number(maxWidth[1]) : true) && (minWidth ? width >= Number(minWidth[1]) : true);
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}

/** A touch screen as the main pointer: '(pointer: coarse)' matches, and no other media query does. */
export function stubTouchScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(pointer: coarse)',
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
