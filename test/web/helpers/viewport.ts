import { vi } from 'vitest';

/** Stubs `matchMedia` with a list whose `matches` is `matches(query)`; `setup-web.ts` takes it away after each test. */
function stubMediaQueries(matches: (query: string) => boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/**
 * A window `width` pixels wide, as far as CSS media queries are concerned: jsdom has none of its own, which
 * MUI reads as the narrowest screen.
 */
export function stubViewportWidth(width: number) {
  stubMediaQueries((query) => {
    const maxWidth = /max-width:\s*([\d.]+)px/.exec(query);
    const minWidth = /min-width:\s*([\d.]+)px/.exec(query);
    return (
      (maxWidth ? width <= Number(maxWidth[1]) : true) && (minWidth ? width >= Number(minWidth[1]) : true)
    );
  });
}

/** A touch screen as the main pointer: '(pointer: coarse)' matches, and no other media query does. */
export function stubTouchScreen() {
  stubMediaQueries((query) => query === '(pointer: coarse)');
}
