import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { FlyoutBranchHeader } from './flyout-branch-header';

interface OutlineBranchProps {
  /** Spec §6: the Outline branch is disabled for accounts without a subscription. */
  enabled: boolean;
}

/**
 * The flyout's Outline branch. Building an outline from a template is not part of the app yet, so a
 * subscriber finds an honest empty state here rather than controls that do nothing.
 */
export function OutlineBranch({ enabled }: OutlineBranchProps) {
  const [expanded, setExpanded] = useState(false);
  const contentId = useId();

  return (
    <>
      <FlyoutBranchHeader
        label="Outline"
        secondary={enabled ? undefined : 'For subscribers'}
        expanded={expanded}
        onToggle={() => setExpanded((open) => !open)}
        controlsId={contentId}
        disabled={!enabled}
      />
      {enabled && (
        <Collapse in={expanded} id={contentId}>
          <Box sx={{ pl: 6, pr: 2, py: 1.5 }}>
            <Typography variant="body2">This story has no outline yet.</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Outlines built from a story-structure template are not available yet.
            </Typography>
          </Box>
        </Collapse>
      )}
    </>
  );
}
