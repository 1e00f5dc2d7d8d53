import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageLayout } from '../../../components/layouts/page-layout';
import { paths } from '../../../config/paths';
import { seriesQuery } from '../../../api/series';
import { storiesQuery } from '../../../api/stories';
import { useLoadQuery } from '../../../lib/use-load-query';
import { SeriesEditor } from '../components/series-editor';

/** Spec §2 /series/{seriesID}/edit: edit a series and the order of its stories. */
export function EditSeriesPage() {
  const { seriesId = '' } = useParams();
  const series = useLoadQuery(seriesQuery(seriesId), { what: `series ${seriesId}` });
  // The stories in no series are the ones the 'Add Story' dialog offers.
  const standaloneStories = useLoadQuery(
    { ...storiesQuery(), select: (stories) => stories.filter((story) => !story.series_id) },
    { what: 'the stories' },
  );

  return (
    <PageLayout title="Edit Series">
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: { xs: 3, sm: 4 } }}>
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <Typography variant="h4" component="h1">
            Edit Series
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Its cover, its summary and the order its stories are read in.
          </Typography>
        </Box>
        <Tooltip title="Close">
          <IconButton component={RouterLink} to={paths.stories.getHref()} aria-label="Close" edge="end">
            <Close />
          </IconButton>
        </Tooltip>
      </Box>
      {series.isError && <Alert severity="warning">This series could not be opened.</Alert>}
      {series.isSuccess && !standaloneStories.isPending && (
        <SeriesEditor
          key={series.data.series_id}
          series={series.data}
          standaloneStories={standaloneStories.data ?? []}
        />
      )}
    </PageLayout>
  );
}
