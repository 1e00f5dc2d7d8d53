import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { appearancesQuery } from '../../../api/story-bible';
import { paths } from '../../../config/paths';
import { useLoadQuery } from '../../../lib/use-load-query';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "14 mentions in 6 chapters". */
export function mentionsSummary(total: number, chapters: number): string {
  return `${plural(total, 'mention', 'mentions')} in ${plural(chapters, 'chapter', 'chapters')}`;
}

interface AppearancesSectionProps {
  storyId: string;
  associationId: string;
  /** Called after a snippet was chosen, once the chapter is on its way (the panel closes on phones). */
  onMentionChosen: () => void;
}

/**
 * The panel's 'Appears in' (issue 13 §1): every chapter mentioning the association, with its count and
 * snippets; a snippet opens its chapter at the paragraph, with the mention flashed. Read afresh each time
 * the panel opens on the association, from what the server has stored.
 */
export function AppearancesSection({ storyId, associationId, onMentionChosen }: AppearancesSectionProps) {
  const headingId = useId();
  const navigate = useNavigate();
  // A failure is logged only: the panel stays usable without it.
  const { data, isPending, isError } = useLoadQuery(appearancesQuery(storyId, associationId), {
    what: 'where the association appears',
    announce: false,
  });

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Appears in
      </Typography>
      {isPending ? (
        <Typography color="text.secondary" variant="body2">
          Looking for mentions…
        </Typography>
      ) : isError ? (
        <Typography color="text.secondary" variant="body2">
          Where it appears could not be read. Please try again later.
        </Typography>
      ) : data.total === 0 ? (
        <Typography color="text.secondary" variant="body2">
          Not mentioned in the saved text yet.
        </Typography>
      ) : (
        <>
          <Typography color="text.secondary" variant="body2">
            {mentionsSummary(data.total, data.chapters.length)}
          </Typography>
          {data.chapters.map((chapter) => (
            <Box key={chapter.chapter_id} component="section" aria-label={chapter.title} sx={{ mt: 1.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                <Typography variant="body2" component="h4" sx={{ fontWeight: 600, flex: '1 1 auto' }}>
                  {chapter.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {plural(chapter.count, 'mention', 'mentions')}
                </Typography>
              </Box>
              <List dense disablePadding>
                {chapter.snippets.map((snippet) => (
                  <ListItem key={snippet.key_id} disablePadding>
                    <ListItemButton
                      onClick={() => {
                        navigate(
                          paths.storyMention.getHref(storyId, chapter.chapter_id, {
                            keyId: snippet.key_id,
                            associationId,
                          }),
                        );
                        onMentionChosen();
                      }}
                      sx={{ borderRadius: 1, px: 1, py: 0.5, my: 0.25, bgcolor: 'action.hover' }}
                    >
                      <Typography
                        variant="body2"
                        sx={{ fontFamily: 'Georgia, serif', overflowWrap: 'anywhere' }}
                      >
                        {snippet.text}
                      </Typography>
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Box>
          ))}
        </>
      )}
    </Box>
  );
}
