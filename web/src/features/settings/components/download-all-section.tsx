import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDownloadAllStories } from '../hooks/use-download-all-stories';

/**
 * 'Download all my stories': every story as Markdown and JSON in one zip, for every author whatever the plan.
 * The server answers a link that downloads the file, so following it leaves the page where it is.
 */
export function DownloadAllSection() {
  const download = useDownloadAllStories();

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="your-stories-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h6" component="h2" id="your-stories-heading" sx={{ mb: 1 }}>
        Your stories
      </Typography>
      <Typography sx={{ mb: 1.5 }}>
        Every story you keep here, as Markdown and as JSON, in one zip file. Free, whatever your plan.
      </Typography>
      <Button
        variant="outlined"
        onClick={() => download.mutate()}
        disabled={download.isPending}
        startIcon={download.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
      >
        Download all my stories
      </Button>
    </Paper>
  );
}
