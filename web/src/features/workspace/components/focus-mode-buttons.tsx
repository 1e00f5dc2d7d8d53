import CenterFocusStrongOutlined from '@mui/icons-material/CenterFocusStrongOutlined';
import CloseFullscreenOutlined from '@mui/icons-material/CloseFullscreenOutlined';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { SHORTCUTS, describeCombo, isMacPlatform } from '../../../lib/keyboard-shortcuts';

const FOCUS_SHORTCUT = describeCombo(SHORTCUTS.focusMode.combo, isMacPlatform());

/** The toolbar's way into focus mode. */
export function FocusModeButton({ onClick }: { onClick: () => void }) {
  return (
    <Tooltip title={`Focus mode (${FOCUS_SHORTCUT})`}>
      <IconButton aria-label="Focus mode" onClick={onClick} sx={{ color: 'text.secondary' }}>
        <CenterFocusStrongOutlined />
      </IconButton>
    </Tooltip>
  );
}

const FOCUS_MODE_TOOLTIP_CLASS = 'lw-focus-mode-tooltip';

/**
 * While focus mode is on, tooltips of the hidden chrome are hidden too: one opened by the pointer resting on a
 * button (the 'Focus mode' button itself, just clicked) would otherwise stay, as its button never sees the
 * pointer leave.
 */
export function HiddenChromeTooltips() {
  return (
    <GlobalStyles
      styles={{ [`.MuiTooltip-popper:not(.${FOCUS_MODE_TOOLTIP_CLASS})`]: { display: 'none' } }}
    />
  );
}

/** The one control focus mode shows (beside the quiet save status): the way out for a pointer or a finger. */
export function LeaveFocusModeButton({ onClick }: { onClick: () => void }) {
  return (
    <Tooltip title="Leave focus mode (Esc)" slotProps={{ popper: { className: FOCUS_MODE_TOOLTIP_CLASS } }}>
      <IconButton
        aria-label="Leave focus mode"
        onClick={onClick}
        sx={{
          position: 'fixed',
          top: { xs: 8, sm: 16 },
          right: { xs: 8, sm: 20 },
          zIndex: 3,
          color: 'text.secondary',
        }}
      >
        <CloseFullscreenOutlined />
      </IconButton>
    </Tooltip>
  );
}
