import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** The shared chapters in order; the open one marked as the current page. */
export function ChapterList({
  storyId,
  chapters,
  currentId,
  onPick,
}: {
  storyId: string;
  chapters: readonly { id: string; title: string }[];
  currentId: string;
  onPick?: () => void;
}) {
  return (
    <List component="nav" aria-label="Chapters" dense>
      {chapters.map((chapter) => (
        <ListItemButton
          key={chapter.id}
          component={RouterLink}
          to={paths.readStory.getHref(storyId, chapter.id)}
          selected={chapter.id === currentId}
          aria-current={chapter.id === currentId ? 'page' : undefined}
          onClick={onPick}
          sx={{ borderRadius: 1 }}
        >
          <ListItemText primary={chapter.title} />
        </ListItemButton>
      ))}
    </List>
  );
}
