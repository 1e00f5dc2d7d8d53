import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

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
      <ListItemButton
        disabled={!enabled}
        aria-expanded={enabled ? expanded : undefined}
        aria-controls={enabled ? contentId : undefined}
        onClick={() => setExpanded((open) => !open)}
        sx={{ borderRadius: 1 }}
      >
        <ListItemIcon sx={{ minWidth: 32 }}>
          <ExpandMore
            fontSize="small"
            sx={{ transition: 'transform 150ms', transform: expanded ? 'none' : 'rotate(-90deg)' }}
          />
        </ListItemIcon>
        <ListItemText
          primary="Outline"
          secondary={enabled ? undefined : 'For subscribers'}
          slotProps={{ primary: { variant: 'subtitle2' }, secondary: { component: 'span', sx: { ml: 1 } } }}
          sx={{ display: 'flex', alignItems: 'baseline' }}
        />
      </ListItemButton>
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
