import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { sharedWithMeQuery } from '../../../api/review';
import { CardSection } from '../../../components/layouts/card-section';
import { paths } from '../../../config/paths';

const ROLE_LABELS = { reader: 'Reader', editor: 'Editor' } as const;

/** Issue 24 §1, on the stories page: the stories others shared with me, each opening to read; none, nothing. */
export function SharedWithMeSection() {
  const shared = useQuery(sharedWithMeQuery());
  if (!shared.data || shared.data.length === 0) return null;
  return (
    <CardSection heading="Shared with me" as="ul" minColumnWidth={260}>
      {shared.data.map((story) => (
        <li key={story.story_id}>
          <Paper
            component={RouterLink}
            to={paths.readStory.getHref(story.story_id)}
            variant="outlined"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              p: 2,
              borderRadius: 2,
              textDecoration: 'none',
              color: 'inherit',
              '&:hover, &:focus-visible': { borderColor: 'primary.main' },
            }}
          >
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="h6" component="h3" noWrap>
                {story.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                by {story.author.name}
              </Typography>
            </Box>
            <Chip size="small" variant="outlined" label={ROLE_LABELS[story.role]} />
            {story.unread_replies > 0 && (
              <Badge
                color="primary"
                badgeContent={story.unread_replies}
                aria-label={`${story.unread_replies} unread ${story.unread_replies === 1 ? 'reply' : 'replies'}`}
                sx={{ mr: 1 }}
              />
            )}
          </Paper>
        </li>
      ))}
    </CardSection>
  );
}
