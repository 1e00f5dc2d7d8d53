import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { Chapter } from '../../../../../shared/schemas/chapter';
import { continuityQuery } from '../../../api/continuity';
import { chapterName } from '../../../components/chapter-select/chapter-select';
import { paths } from '../../../config/paths';

interface ContinuitySectionProps {
  storyId: string;
  chapters: readonly Chapter[];
  isSubscriber: boolean;
}

/**
 * Issue 25 §4: what the story's facts say cannot be, each opening its paragraph in the manuscript. A
 * subscription's; the free plan is told so.
 */
export function ContinuitySection({ storyId, chapters, isSubscriber }: ContinuitySectionProps) {
  const { data: warnings, isError } = useQuery({ ...continuityQuery(storyId), enabled: isSubscriber });
  const chapterTitle = (chapterId: string) => {
    const chapter = chapters.find((candidate) => candidate.id === chapterId);
    return chapter ? chapterName(chapter) : 'A chapter';
  };

  if (!isSubscriber) {
    return (
      <Typography variant="body2" color="text.secondary">
        {'Continuity checks come with a subscription. '}
        <Link component={RouterLink} to={paths.subscribe.getHref()}>
          Subscribe
        </Link>
      </Typography>
    );
  }
  if (isError) {
    return (
      <Typography variant="body2" color="text.secondary">
        The continuity checks could not be run. Please try again later.
      </Typography>
    );
  }
  if (!warnings) {
    return (
      <Typography variant="body2" color="text.secondary">
        Checking your story…
      </Typography>
    );
  }
  if (warnings.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Nothing contradicts the facts you have recorded.
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label="Continuity warnings">
      {warnings.map((warning) => (
        <ListItem
          key={`${warning.kind} ${warning.chapter_id} ${warning.association_ids.join(' ')}`}
          disablePadding
        >
          <ListItemButton
            component={RouterLink}
            to={
              warning.key_id
                ? paths.storyMention.getHref(storyId, warning.chapter_id, {
                    keyId: warning.key_id,
                    ...(warning.association_ids[0] ? { associationId: warning.association_ids[0] } : {}),
                  })
                : paths.story.getHref(storyId, warning.chapter_id)
            }
          >
            <ListItemText primary={warning.message} secondary={chapterTitle(warning.chapter_id)} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
