import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { AssociationListItem } from '../../../../../shared/schemas/associations';
import type { MentionGrid } from '../../../../../shared/schemas/story-bible';
import type { ShownFact } from '../../../api/facts';
import { paths } from '../../../config/paths';
import { MENTION_LOOKS } from '../../../editor/plugins/association-mention-plugin/mention-styles';
import { InlineFactList } from '../../../components/fact-list/inline-fact-list';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

interface ElementCardsProps {
  storyId: string;
  associations: readonly AssociationListItem[];
  grid: MentionGrid | undefined;
  /** The facts standing at the chapter the page is set to (issue 25 §2), of every association. */
  facts: readonly ShownFact[] | undefined;
  onOpen: (associationId: string) => void;
}

/** One card per association: portrait, name (opens the panel), summary, mentions and first appearance. */
export function ElementCards({ storyId, associations, grid, facts, onOpen }: ElementCardsProps) {
  const talliesById = new Map(grid?.tallies.map((tally) => [tally.association_id, tally]));
  const chaptersById = new Map(grid?.chapters.map((chapter) => [chapter.chapter_id, chapter]));

  return (
    <Box
      component="ul"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' },
        gap: 1.5,
        listStyle: 'none',
        p: 0,
        m: 0,
      }}
    >
      {associations.map((association) => {
        const tally = talliesById.get(association.association_id);
        const first = tally?.first_chapter_id ? chaptersById.get(tally.first_chapter_id) : undefined;
        const standing = facts?.filter((fact) => fact.association_id === association.association_id) ?? [];
        return (
          <Box
            component="li"
            key={association.association_id}
            aria-label={association.association_name}
            sx={{
              display: 'flex',
              gap: 1.5,
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderLeft: `4px solid ${MENTION_LOOKS[association.association_type].line}`,
              borderRadius: 2,
              bgcolor: 'background.paper',
            }}
          >
            <Avatar src={association.thumbnail} alt="" sx={{ width: 48, height: 48 }} />
            <Stack sx={{ minWidth: 0, flex: '1 1 auto' }} spacing={0.25}>
              <ButtonBase
                onClick={() => onOpen(association.association_id)}
                aria-label={`Open ${association.association_name}`}
                sx={{ justifyContent: 'flex-start', textAlign: 'left', borderRadius: 0.5 }}
              >
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {association.association_name}
                </Typography>
              </ButtonBase>
              {association.short_description !== '' && (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {association.short_description}
                </Typography>
              )}
              <InlineFactList facts={standing} label={`Facts about ${association.association_name}`} />
              <Typography variant="body2" color="text.secondary">
                {tally === undefined
                  ? 'Counting mentions…'
                  : tally.total === 0
                    ? 'Not mentioned yet'
                    : plural(tally.total, 'mention', 'mentions')}
              </Typography>
              {first && (
                <Typography variant="body2" color="text.secondary">
                  {'First in '}
                  <Link component={RouterLink} to={paths.story.getHref(storyId, first.chapter_id)}>
                    {first.title}
                  </Link>
                </Typography>
              )}
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}
