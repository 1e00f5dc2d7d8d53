import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { hasPremiumAccess } from '../../../../../shared/subscription';
import { useUser } from '../../../lib/user/user-context';
import { ChaptersBranch, type ChaptersBranchProps } from './chapters-branch';
import { OutlineBranch } from './outline-branch';

interface ChaptersFlyoutProps extends Omit<ChaptersBranchProps, 'visible'> {
  open: boolean;
  onClose: () => void;
  /**
   * Docked beside the manuscript (wide screens), the flyout stays open while the author writes; otherwise it
   * covers the page and closes once a chapter is chosen.
   */
  docked: boolean;
}

/**
 * The right-hand flyout of the workspace (spec §2): an expandable tree with the Chapters and Outline branches.
 */
export function ChaptersFlyout({ open, onClose, docked, onSelectChapter, ...branch }: ChaptersFlyoutProps) {
  const { user } = useUser();
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
          Chapters and layout
        </Typography>
        <IconButton aria-label="Close chapters and layout" onClick={onClose} edge="end">
          <Close />
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-label="Story structure" sx={{ px: 1, py: 1 }}>
        <ChaptersBranch
          {...branch}
          visible={open}
          onSelectChapter={(chapterId) => {
            onSelectChapter(chapterId);
            if (!docked) onClose();
          }}
        />
        <OutlineBranch
          // The server's one premium rule: an active subscription whose paid period has not ended.
          enabled={hasPremiumAccess(user ?? undefined, new Date())}
          storyId={branch.storyId}
          chapters={branch.chapters}
          outline={branch.outline}
        />
      </Box>
    </Drawer>
  );
}
