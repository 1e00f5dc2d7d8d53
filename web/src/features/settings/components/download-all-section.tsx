import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DownloadAllStoriesButton } from './download-all-stories-button';

/**
 * 'Download all my stories': every story as Markdown and JSON in one zip, for every author whatever the plan.
 * The server answers a link that downloads the file, so following it leaves the page where it is.
 */
export function DownloadAllSection() {
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
      <DownloadAllStoriesButton />
    </Paper>
  );
}
