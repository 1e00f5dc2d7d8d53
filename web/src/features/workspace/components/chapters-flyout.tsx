import Box from '@mui/material/Box';
import { hasPremiumAccess } from '../../../../../shared/subscription';
import { useUser } from '../../../lib/user/user-context';
import { ChaptersBranch, type ChaptersBranchProps } from './chapters-branch';
import { OutlineBranch } from './outline-branch';
import { WorkspaceSidePanel } from '../../../components/workspace-side-panel/workspace-side-panel';

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

  return (
    <WorkspaceSidePanel
      open={open}
      onClose={onClose}
      docked={docked}
      title="Chapters and layout"
      closeLabel="Close chapters and layout"
    >
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
    </WorkspaceSidePanel>
  );
}
