import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Portal from '@mui/material/Portal';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { getPendingCount, subscribeToPendingCount } from '../../lib/pending-requests';

/** Quick calls finish before this; showing the overlay for them would only make the page flicker. */
const SHOW_AFTER_MS = 150;

/** Spec §1: a loading overlay while any (foreground) request is pending. */
export function LoadingOverlay() {
  const pending = useSyncExternalStore(subscribeToPendingCount, getPendingCount) > 0;
  const [delayPassed, setDelayPassed] = useState(false);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setDelayPassed(true), SHOW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setDelayPassed(false);
    };
  }, [pending]);

  return (
    // Beside the app rather than in it: until the app draws a page, the page's own frame (index.html's header
    // and a chapter's opening) stays in view under the spinner.
    <Portal>
      {/* Unmounted once faded out: a hidden indeterminate spinner still animates, restyling the page every frame. */}
      <Backdrop
        open={pending && delayPassed}
        unmountOnExit
        sx={(theme) => ({
          zIndex: theme.zIndex.modal + 1,
          backgroundColor: 'rgba(247, 243, 236, 0.55)',
          ...theme.applyStyles('dark', { backgroundColor: 'rgba(23, 21, 18, 0.55)' }),
        })}
      >
        <CircularProgress aria-label="Loading" />
      </Backdrop>
    </Portal>
  );
}
