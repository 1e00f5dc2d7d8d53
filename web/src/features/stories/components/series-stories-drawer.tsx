import Close from '@mui/icons-material/Close';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Series } from '../../../../../shared/schemas/series';
import { paths } from '../../../config/paths';
import { lastEditedLabel, wordsLabel } from '../../../lib/writing-figures';
import { volumesInOrder } from '../series-volumes';

interface SeriesStoriesDrawerProps {
  open: boolean;
  /** The series whose stories are listed; kept while the drawer slides shut so its content stays. */
  series: Series;
  onClose: () => void;
}

/**
 * Spec §2: the side list of a series' stories, ordered by place. The page mounts it at its first opening; a
 * drawer mounted open would skip its slide, so it opens once mounted.
 */
export function SeriesStoriesDrawer({ open, series, onClose }: SeriesStoriesDrawerProps) {
  const headingId = useId();
  const volumes = volumesInOrder(series);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  return (
    <Drawer
      anchor="right"
      open={open && mounted}
      onClose={onClose}
      slotProps={{
        paper: {
          'aria-labelledby': headingId,
          sx: { width: { xs: '100%', sm: 380 }, display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 3, pt: 3, pb: 2 }}>
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            Series
          </Typography>
          <Typography id={headingId} variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {series.series_title}
          </Typography>
        </Box>
        <IconButton onClick={onClose} aria-label="Close" edge="end">
          <Close />
        </IconButton>
      </Box>
      {volumes.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 3, py: 2 }}>
          No stories added yet
        </Typography>
      ) : (
        <List aria-label={`Stories in ${series.series_title}`} sx={{ flex: '1 1 auto', overflowY: 'auto' }}>
          {volumes.map((story) => (
            <ListItem key={story.story_id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={paths.story.getHref(story.story_id)}
                sx={{ px: 3, py: 1.25 }}
              >
                <ListItemAvatar>
                  <Avatar src={story.image_url || undefined} alt="" variant="rounded" aria-hidden="true">
                    {story.title.charAt(0).toUpperCase()}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={story.title}
                  secondary={`Volume ${story.place} · ${wordsLabel(story.word_count)} · ${lastEditedLabel(story.last_edited_at)}`}
                  slotProps={{ primary: { noWrap: true } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ mt: 'auto', px: 3, py: 2, borderTop: 1, borderColor: 'divider' }}>
        <Button
          component={RouterLink}
          to={paths.editSeries.getHref(series.series_id)}
          startIcon={<EditOutlined />}
          variant="outlined"
          fullWidth
        >
          Edit series
        </Button>
      </Box>
    </Drawer>
  );
}
