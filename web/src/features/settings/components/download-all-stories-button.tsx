import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useDownloadAllStories } from '../hooks/use-download-all-stories';

/** 'Download all my stories': the one zip of every story, offered in /settings and before deleting the account. */
export function DownloadAllStoriesButton() {
  const download = useDownloadAllStories();
  return (
    <Button
      variant="outlined"
      onClick={() => download.mutate()}
      disabled={download.isPending}
      startIcon={download.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
    >
      Download all my stories
    </Button>
  );
}
