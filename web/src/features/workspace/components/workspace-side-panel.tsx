import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

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
  children: ReactNode;
}

/** A right-hand panel of the workspace (chapters and layout, search): a heading with a close button, then its content. */
export function WorkspaceSidePanel({
  open,
  onClose,
  docked,
  title,
  closeLabel,
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
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
          {title}
        </Typography>
        <IconButton aria-label={closeLabel} onClick={onClose} edge="end">
          <Close />
        </IconButton>
      </Box>
      <Divider />
      {children}
    </Drawer>
  );
}
