import CollectionsBookmarkOutlined from '@mui/icons-material/CollectionsBookmarkOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { Series } from '../../../../../shared/schemas/series';
import type { Story } from '../../../../../shared/schemas/story';
import { paths } from '../../../config/paths';
import { volumesInOrder } from '../series-volumes';
import { LibraryCard } from './library-card';
import { StoryFigures } from './story-figures';

/** Spec §9: a series card shows at most 4 story avatars; the rest are counted in '+N'. */
const MAX_SERIES_AVATARS = 4;

const avatarStyle = {
  width: 40,
  height: 40,
  border: 2,
  borderColor: 'background.paper',
  fontSize: '1rem',
  fontFamily: 'inherit',
} as const;

/** A series' words are its volumes' words; its last edit, the latest of theirs. */
function seriesFigures(volumes: readonly Pick<Story, 'word_count' | 'last_edited_at'>[]) {
  return {
    wordCount: volumes.reduce((words, volume) => words + volume.word_count, 0),
    lastEditedAt: volumes.reduce(
      (latest, volume) => (volume.last_edited_at > latest ? volume.last_edited_at : latest),
      volumes[0]!.last_edited_at,
    ),
  };
}

interface SeriesCardProps {
  series: Series;
  onDelete: (series: Series) => void;
  /** Opens the side list of the series' stories. */
  onShowStories: (series: Series) => void;
  /** The card is among the first the page shows: its cover loads at once. */
  eagerCover?: boolean;
}

/** Spec §2: a series with up to 4 of its stories as avatars, in place order. */
export function SeriesCard({ series, onDelete, onShowStories, eagerCover = false }: SeriesCardProps) {
  const volumes = volumesInOrder(series);
  const shownVolumes = volumes.slice(0, MAX_SERIES_AVATARS);
  const hiddenCount = volumes.length - shownVolumes.length;
  const title = series.series_title;
  const showStories = () => onShowStories(series);

  return (
    <LibraryCard
      title={title}
      imageUrl={series.image_url}
      placeholderIcon={<CollectionsBookmarkOutlined />}
      eagerCover={eagerCover}
      description={series.series_description}
      emptyDescription="No description"
      coverAction={{
        kind: 'button',
        label: `Show the stories of ${title}`,
        onClick: showStories,
      }}
      heading={
        // The title opens the series' stories as the cover does.
        <Link
          component="button"
          type="button"
          onClick={showStories}
          color="inherit"
          underline="hover"
          sx={{ font: 'inherit', textAlign: 'left', verticalAlign: 'baseline' }}
        >
          {title}
        </Link>
      }
      editHref={paths.editSeries.getHref(series.series_id)}
      onDelete={() => onDelete(series)}
    >
      {volumes.length > 0 && <StoryFigures {...seriesFigures(volumes)} />}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, pb: 2, mt: 'auto', minHeight: 56 }}>
        {volumes.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No stories assigned.
          </Typography>
        ) : (
          <>
            <Box component="ul" sx={{ display: 'flex', listStyle: 'none', m: 0, p: 0, pl: 1 }}>
              {shownVolumes.map((story) => (
                <Box component="li" key={story.story_id} sx={{ ml: -1 }}>
                  <Tooltip title={story.title}>
                    <Link
                      component={RouterLink}
                      to={paths.story.getHref(story.story_id)}
                      aria-label={story.title}
                      sx={{ display: 'block', borderRadius: 1 }}
                    >
                      <Avatar src={story.image_url || undefined} alt="" variant="rounded" sx={avatarStyle}>
                        {story.title.charAt(0).toUpperCase()}
                      </Avatar>
                    </Link>
                  </Tooltip>
                </Box>
              ))}
              {hiddenCount > 0 && (
                <Box component="li" sx={{ ml: -1 }}>
                  <ButtonBase
                    onClick={showStories}
                    aria-label={`+${hiddenCount} more stories`}
                    sx={{ borderRadius: 1 }}
                  >
                    <Avatar
                      variant="rounded"
                      sx={{ ...avatarStyle, bgcolor: 'primary.main', color: 'primary.contrastText' }}
                    >
                      +{hiddenCount}
                    </Avatar>
                  </ButtonBase>
                </Box>
              )}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto', whiteSpace: 'nowrap' }}>
              {volumes.length === 1 ? '1 story' : `${volumes.length} stories`}
            </Typography>
          </>
        )}
      </Box>
    </LibraryCard>
  );
}
