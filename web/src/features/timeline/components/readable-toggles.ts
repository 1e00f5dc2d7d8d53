/**
 * A toggle group's buttons in the theme's secondary ink: MUI's own grey for an unpressed button is 4.46:1 on the
 * light page, just under AA.
 */
export const readableToggles = { '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.secondary' } };
