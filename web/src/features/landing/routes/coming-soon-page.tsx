import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../../../shared/constants';
import { LogoMark } from '../../../components/brand/logo';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Spec §2 /: the 'Coming Soon' splash for visitors who are not signed in. */
export function ComingSoonPage() {
  useDocumentTitle();

  return (
    <Box
      component="main"
      sx={(theme) => ({
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        px: 3,
        py: 8,
        backgroundImage: `radial-gradient(ellipse at top, ${theme.palette.background.paper} 0%, ${theme.palette.background.default} 65%)`,
      })}
    >
      <Stack spacing={4} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 640 }}>
        <LogoMark size={64} />
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Typography
            variant="overline"
            sx={{ color: 'secondary.main', letterSpacing: '0.3em', fontWeight: 600, fontSize: '0.85rem' }}
          >
            Coming Soon
          </Typography>
          <Typography variant="h1" sx={{ fontSize: { xs: '2.75rem', sm: '4rem' } }}>
            {PRODUCT_NAME}
          </Typography>
          <Box aria-hidden="true" sx={{ width: 64, height: 2, bgcolor: 'secondary.main', opacity: 0.6 }} />
          <Typography
            sx={{ color: 'text.secondary', fontSize: { xs: '1.05rem', sm: '1.2rem' }, lineHeight: 1.7 }}
          >
            A quiet place to write long-form fiction. Keep your chapters, series and volumes together, and let
            every character, place, event and item you name light up wherever it appears in the text.
          </Typography>
        </Stack>
        <Button
          component={RouterLink}
          to={paths.signIn.getHref()}
          variant="contained"
          size="large"
          sx={{ px: 5 }}
        >
          Sign in
        </Button>
      </Stack>
    </Box>
  );
}
