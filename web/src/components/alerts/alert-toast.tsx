import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import { DEFAULT_ALERT_TIMEOUT_MS } from '../../../../shared/constants';
import { paths } from '../../config/paths';
import type { AlertCallback, AlertLink, AlertOptions } from './alert-types';

const CALLBACK_TARGETS: Record<AlertCallback['type'], string> = {
  subscribe: paths.subscribe.getHref(),
  renew: paths.settings.getHref(),
};

/**
 * Web pages open beside the app so the author does not lose their place; other schemes (mailto:) do not, nor
 * files to save, which download without leaving the page.
 */
function opensInNewTab(link: AlertLink): boolean {
  return !link.download && /^https?:/i.test(link.url);
}

interface AlertToastProps {
  alert: AlertOptions;
  open: boolean;
  onClose: () => void;
  /** Pixels above the window's bottom edge the toast stays clear of (a footer, a form's actions). */
  bottomClearance?: number;
}

export function AlertToast({ alert, open, onClose, bottomClearance = 0 }: AlertToastProps) {
  const handleSnackbarClose = (_event: unknown, reason: SnackbarCloseReason) => {
    // Clicking elsewhere (for instance back into the manuscript) must not dismiss an alert the author has
    // not read; only its timeout, Escape or the close button do.
    if (reason !== 'clickaway') onClose();
  };

  return (
    <Snackbar
      open={open}
      onClose={handleSnackbarClose}
      autoHideDuration={alert.timeout === undefined ? DEFAULT_ALERT_TIMEOUT_MS : alert.timeout}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      // MUI's own distance from the edge (8 px, 24 px from sm up), raised above what must stay visible.
      sx={{ bottom: { xs: 8 + bottomClearance, sm: 24 + bottomClearance } }}
    >
      <Alert
        severity={alert.severity}
        onClose={onClose}
        variant="standard"
        sx={{ width: { xs: '100%', sm: 420 }, boxShadow: 4, border: 1, borderColor: 'divider' }}
      >
        <AlertTitle>{alert.title}</AlertTitle>
        {alert.message}
        {(alert.callback || alert.link || alert.action) && (
          <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {alert.callback && (
              <Button
                component={RouterLink}
                to={CALLBACK_TARGETS[alert.callback.type]}
                onClick={onClose}
                size="small"
                variant="outlined"
                color="inherit"
              >
                {alert.callback.text}
              </Button>
            )}
            {alert.action && (
              <Button
                onClick={() => {
                  onClose();
                  alert.action?.onAction();
                }}
                size="small"
                variant="outlined"
                color="inherit"
              >
                {alert.action.text}
              </Button>
            )}
            {alert.link && (
              <Link
                href={alert.link.url}
                color="inherit"
                sx={{ fontWeight: 600 }}
                download={alert.link.download ? '' : undefined}
                {...(opensInNewTab(alert.link) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {alert.link.text}
              </Link>
            )}
          </Stack>
        )}
      </Alert>
    </Snackbar>
  );
}
