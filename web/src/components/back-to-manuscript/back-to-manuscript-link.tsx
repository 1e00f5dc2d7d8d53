import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';

/** The way back to the story's workspace from a page about the story (the story bible, the corkboard). */
export function BackToManuscriptLink({ storyId }: { storyId: string }) {
  return (
    <Button
      component={RouterLink}
      to={paths.story.getHref(storyId)}
      startIcon={<ArrowBack />}
      sx={{ alignSelf: 'flex-start' }}
    >
      Back to the manuscript
    </Button>
  );
}
