import { createTheme, responsiveFontSizes } from '@mui/material/styles';
import { mentionColorVariables } from './mention-colors';
import { outlineColorVariables } from './outline-colors';

/**
 * A calm, bookish look: warm paper, ink-blue accents, serif headings over a sans-serif interface.
 * Only system fonts are named so nothing is fetched from a font service (the app must work offline).
 */
const SERIF = '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, serif';
const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * The sizes the page frame is built from, for every part that has to line up with another: the docked side
 * panels start below the header, and the workspace fills the window below it less the page's padding.
 */
const layout = {
  /** The app bar: MUI's toolbar (56 px on phones, 64 px from `sm` up) plus its 1 px bottom border. */
  headerHeight: { xs: 57, sm: 65 },
  /** The padding above and below a page's content column, in spacing units. */
  pagePaddingY: { xs: 3, sm: 5 },
  /** The panels docked beside the manuscript: the chapters flyout and the association panel. */
  sidePanelWidth: 360,
} as const;

type Layout = typeof layout;

declare module '@mui/material/styles' {
  // The theme is built with CSS variables: `theme.vars` and `theme.colorSchemes` are always there.
  interface CssThemeVariables {
    enabled: true;
  }
  interface Theme {
    layout: Layout;
  }
  interface ThemeOptions {
    layout?: Layout;
  }
}

/**
 * The keyboard focus ring of every control: 3 px in the ink colour with a gap, clear on paper and on covers
 * (MUI's own is a faint ripple that is easy to lose).
 */
const FOCUS_RING = { outline: '3px solid #2f4a5e', outlineOffset: 2 } as const;

const headingStyle = { fontFamily: SERIF, fontWeight: 600, letterSpacing: '-0.01em' } as const;

/**
 * Where the chosen mode is kept in the browser, so the first paint of the next visit has it: MUI's colour-scheme
 * manager reads and writes this key, and `web/public/color-scheme.js` reads it before the app loads.
 */
export const THEME_MODE_STORAGE_KEY = 'loreweaver-theme';

/** The focus ring of every control (WCAG 2.4.7, and 2.4.11's 3:1 against the page in both schemes). */
const FOCUS_RING_WIDTH = 3;

export const theme = responsiveFontSizes(
  createTheme({
    layout,
    // Both schemes are CSS variables switched by a class on <html> (`.light` / `.dark`), so the pre-paint
    // script can set it before React runs and changing the mode re-renders nothing.
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: {
      light: {
        palette: {
          primary: { main: '#2f4a5e', contrastText: '#fffdf9' },
          secondary: { main: '#8a3b2f' },
          // MUI's orange is 3:1 on the paper; the save status's warning words need AA (5:1 here).
          warning: { main: '#a65a00' },
          background: { default: '#f7f3ec', paper: '#fffdf9' },
          text: { primary: '#2a2622', secondary: '#655d54' },
          divider: 'rgba(42, 38, 34, 0.12)',
        },
      },
      // Night writing: warm near-black paper (not pure black, which glares around light text), ink of old
      // paper, and the accents lightened until they read at AA on it.
      dark: {
        palette: {
          primary: { main: '#9fc3de', contrastText: '#14212b' },
          secondary: { main: '#e3a597' },
          background: { default: '#171512', paper: '#211e1a' },
          text: { primary: '#ece5da', secondary: '#b9b0a4' },
          divider: 'rgba(236, 229, 218, 0.14)',
        },
      },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: SANS,
      h1: { ...headingStyle, fontSize: '3rem' },
      h2: { ...headingStyle, fontSize: '2.25rem' },
      h3: { ...headingStyle, fontSize: '1.875rem' },
      h4: { ...headingStyle, fontSize: '1.5rem' },
      h5: { ...headingStyle, fontSize: '1.25rem' },
      h6: { ...headingStyle, fontSize: '1.125rem' },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: (theme) => ({
          ':root': { ...mentionColorVariables[':root'], ...outlineColorVariables[':root'] },
          ':root.dark': { ...mentionColorVariables[':root.dark'], ...outlineColorVariables[':root.dark'] },
          // One visible ring for every focusable thing reached by keyboard; MUI's own focus ripple is too faint
          // to be seen on the paper. Text fields keep their outlined border, the manuscript its caret.
          '*:focus-visible, .MuiButtonBase-root.Mui-focusVisible': {
            outline: `${FOCUS_RING_WIDTH}px solid ${theme.vars.palette.primary.main}`,
            outlineOffset: 2,
          },
          '[role="menuitem"]:focus-visible, [role="option"]:focus-visible, .MuiMenuItem-root.Mui-focusVisible':
            {
              outlineOffset: -FOCUS_RING_WIDTH,
            },
          'input:focus-visible, textarea:focus-visible, [contenteditable="true"]:focus-visible': {
            outline: 'none',
          },
        }),
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: ({ theme }) => ({
            backgroundColor: theme.vars.palette.background.paper,
            borderBottom: `1px solid ${theme.vars.palette.divider}`,
          }),
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
      MuiLink: { styleOverrides: { root: { '&:focus-visible': FOCUS_RING } } },
      // Alert messages are often several lines (spec §3); keep the line breaks the caller wrote.
      MuiAlert: { styleOverrides: { message: { whiteSpace: 'pre-line' } } },
    },
  }),
);
