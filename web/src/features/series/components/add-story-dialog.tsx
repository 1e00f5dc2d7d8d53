import Add from '@mui/icons-material/Add';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { Volume } from '../types';

interface AddStoryDialogProps {
  open: boolean;
  seriesId: string;
  /** Standalone stories that can join the series. */
  candidates: Volume[];
  onAdd: (story: Volume) => void;
  onClose: () => void;
}

/**
 * Spec §2 'Add Story': pick a standalone story to join the series, or write a new one for it. Without
 * candidates it says so and offers 'Create New Story' (to /stories/new, as the spec has it).
 */
export function AddStoryDialog({ open, seriesId, candidates, onAdd, onClose }: AddStoryDialogProps) {
  const isEmpty = candidates.length === 0;

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Select a Story to Add</DialogTitle>
      <DialogContent dividers={!isEmpty} sx={{ px: isEmpty ? 3 : 0 }}>
        {isEmpty ? (
          <Typography color="text.secondary">No existing stories available to add.</Typography>
        ) : (
          <List aria-label="Available stories" disablePadding>
            {candidates.map((story) => (
              <ListItem key={story.story_id} disablePadding>
                <ListItemButton onClick={() => onAdd(story)} sx={{ px: 3 }}>
                  <ListItemAvatar>
                    <Avatar src={story.image_url || undefined} alt="" variant="rounded" aria-hidden="true">
                      {story.title.charAt(0).toUpperCase()}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText primary={story.title} slotProps={{ primary: { noWrap: true } }} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, justifyContent: 'space-between' }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        {isEmpty ? (
          <Button
            component={RouterLink}
            to={paths.newStory.getHref()}
            variant="contained"
            startIcon={<Add />}
          >
            Create New Story
          </Button>
        ) : (
          <Button
            component={RouterLink}
            to={paths.addSeriesStory.getHref(seriesId)}
            variant="outlined"
            startIcon={<Add />}
          >
            Create New
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
