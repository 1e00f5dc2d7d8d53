import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import type { AssociationListItem } from '../../../../../shared/schemas/associations';
import type { MentionGrid } from '../../../../../shared/schemas/story-bible';
import { paths } from '../../../config/paths';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

interface MentionHeatMapProps {
  storyId: string;
  associations: readonly AssociationListItem[];
  grid: MentionGrid;
}

/**
 * Elements × chapters, each cell shaded by its mention count against the busiest cell, so a character who
 * vanished for ten chapters shows as a gap in the row. A cell with mentions opens its chapter.
 */
export function MentionHeatMap({ storyId, associations, grid }: MentionHeatMapProps) {
  const theme = useTheme();
  const talliesById = new Map(grid.tallies.map((tally) => [tally.association_id, tally]));
  const busiest = Math.max(1, ...grid.tallies.flatMap((tally) => Object.values(tally.by_chapter)));
  // The scheme's own primary (`theme.palette` is always the light one, which left a 1-mention cell as dark as an
  // empty one on the dark page); the cell's outline in it keeps any mention ≥ 3:1 against the page.
  const primary = theme.vars.palette.primary.main;
  const shade = (count: number) => theme.alpha(primary, 0.15 + (0.85 * count) / busiest);

  return (
    <Box
      sx={{
        overflowX: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Box
        component="table"
        aria-label="Mentions per chapter"
        sx={{
          borderCollapse: 'separate',
          borderSpacing: 2,
          p: 1,
          '& th, & td': { p: 0, fontWeight: 'normal', fontSize: '0.8rem' },
        }}
      >
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ textAlign: 'left', pr: 1 }}>
              <Typography variant="caption" color="text.secondary">
                Chapter
              </Typography>
            </Box>
            {grid.chapters.map((chapter) => (
              <Box
                component="th"
                scope="col"
                key={chapter.chapter_id}
                title={chapter.title}
                sx={{ minWidth: 28 }}
              >
                <abbr title={chapter.title} style={{ textDecoration: 'none' }}>
                  {chapter.place}
                </abbr>
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {associations.map((association) => {
            const tally = talliesById.get(association.association_id);
            return (
              <tr key={association.association_id}>
                <Box
                  component="th"
                  scope="row"
                  sx={{
                    textAlign: 'left',
                    pr: 1.5,
                    whiteSpace: 'nowrap',
                    maxWidth: 180,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                  }}
                >
                  {association.association_name}
                </Box>
                {grid.chapters.map((chapter) => {
                  const count = tally?.by_chapter[chapter.chapter_id] ?? 0;
                  const label = `${association.association_name} in ${chapter.title}: ${plural(count, 'mention', 'mentions')}`;
                  return (
                    <td key={chapter.chapter_id}>
                      {count > 0 ? (
                        <Box
                          component={RouterLink}
                          to={paths.story.getHref(storyId, chapter.chapter_id)}
                          aria-label={label}
                          title={label}
                          sx={{
                            display: 'block',
                            boxSizing: 'border-box',
                            width: 28,
                            height: 24,
                            borderRadius: 0.75,
                            bgcolor: shade(count),
                            border: `1px solid ${primary}`,
                            '&:hover, &:focus-visible': { outline: `2px solid ${primary}` },
                          }}
                        />
                      ) : (
                        <Box
                          role="img"
                          aria-label={label}
                          title={label}
                          sx={{ width: 28, height: 24, borderRadius: 0.75, bgcolor: 'action.hover' }}
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </Box>
    </Box>
  );
}
