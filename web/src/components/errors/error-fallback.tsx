import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * Shown in place of anything that failed to render (spec §8: 'Something went wrong.'). It relies on no
 * provider or router so it still works when those are what failed.
 */
export function ErrorFallback() {
  return (
    <Box role="alert" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', px: 3, py: 6 }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 480 }}>
        <Typography variant="h4" component="h1">
          Something went wrong.
        </Typography>
        <Typography color="text.secondary">
          Reloading the page usually helps. If it keeps happening, please let us know.
        </Typography>
        <Stack direction="row" spacing={1.5}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button variant="text" href="/">
            Go to the home page
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
