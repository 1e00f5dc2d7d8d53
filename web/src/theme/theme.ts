import { createTheme, responsiveFontSizes } from '@mui/material/styles';

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

export const theme = responsiveFontSizes(
  createTheme({
    layout,
    palette: {
      mode: 'light',
      primary: { main: '#2f4a5e', contrastText: '#fffdf9' },
      secondary: { main: '#8a3b2f' },
      background: { default: '#f7f3ec', paper: '#fffdf9' },
      text: { primary: '#2a2622', secondary: '#655d54' },
      divider: 'rgba(42, 38, 34, 0.12)',
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
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: ({ theme }) => ({
            backgroundColor: theme.palette.background.paper,
            borderBottom: `1px solid ${theme.palette.divider}`,
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
