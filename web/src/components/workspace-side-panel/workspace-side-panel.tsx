import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, type KeyboardEvent, type ReactNode } from 'react';

export interface WorkspaceSidePanelProps {
  open: boolean;
  onClose: () => void;
  /**
   * Docked beside the manuscript (wide screens), the panel stays open while the author writes; otherwise it
   * covers the page.
   */
  docked: boolean;
  title: string;
  closeLabel: string;
  /** A line above the title naming what the panel is about (the versions' chapter). */
  overline?: string;
  /** Before the title: e.g. a button back to the panel's first view. */
  headerStart?: ReactNode;
  /**
   * Escape pressed within the panel closes it, docked too (a docked panel is not a modal, which closes on
   * Escape by itself).
   */
  closeOnEscape?: boolean;
  children: ReactNode;
}

/**
 * A right-hand panel of the workspace (chapters and layout, search, versions): a heading with a close button,
 * then its content. In `components/` because the workspace and the versions feature both use it.
 */
export function WorkspaceSidePanel({
  open,
  onClose,
  docked,
  title,
  closeLabel,
  overline,
  headerStart,
  closeOnEscape = false,
  children,
}: WorkspaceSidePanelProps) {
  const headingId = useId();

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      variant={docked ? 'persistent' : 'temporary'}
      slotProps={{
        paper: {
          component: 'aside',
          'aria-labelledby': headingId,
          ...(closeOnEscape && {
            onKeyDown: (event: KeyboardEvent) => {
              if (event.key === 'Escape') onClose();
            },
          }),
          sx: (theme) => ({
            // Beside the manuscript on wide screens; on phones the whole width.
            width: { xs: '100%', sm: theme.layout.sidePanelWidth },
            bgcolor: 'background.default',
            ...(docked && {
              // Below the app header (docking happens from `md` up, where it is at its `sm` height).
              top: theme.layout.headerHeight.sm,
              height: `calc(100% - ${theme.layout.headerHeight.sm}px)`,
              zIndex: theme.zIndex.appBar - 1,
            }),
          }),
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1.25,
          position: 'sticky',
          top: 0,
          zIndex: 1,
          bgcolor: 'background.default',
        }}
      >
        {headerStart}
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          {overline && (
            <Typography
              variant="overline"
              color="text.secondary"
              noWrap
              sx={{ display: 'block', lineHeight: 1.6 }}
            >
              {overline}
            </Typography>
          )}
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
        </Box>
        <IconButton aria-label={closeLabel} onClick={onClose} edge="end">
          <Close />
        </IconButton>
      </Box>
      <Divider />
      {children}
    </Drawer>
  );
}
