import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ALERT_RESET_DELAY_MS } from '../../../../shared/constants';
import { lazyComponent } from '../../lib/lazy-component';
import type { AlertOptions } from './alert-types';
import { AlertsContext, type AlertsApi } from './alerts-context';
import { ToastClearanceContext } from './toast-clearance';

// The toast (a snackbar and an alert) is downloaded with the first alert: most pages open without one.
const AlertToast = lazyComponent(() => import('./alert-toast'), 'AlertToast');

interface AlertState {
  alert: AlertOptions;
  open: boolean;
  /** Changes with every shown alert so the toast restarts its hide timer even if the text is the same. */
  sequence: number;
}

/** Holds the single toast alert of the app. Must sit inside the router: alert actions are in-app links. */
export function AlertsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AlertState | null>(null);
  const [clearance, setClearance] = useState(0);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const showAlert = useCallback((alert: AlertOptions) => {
    clearTimeout(resetTimer.current);
    setState((current) => ({ alert, open: true, sequence: (current?.sequence ?? 0) + 1 }));
  }, []);

  const closeAlert = useCallback(() => {
    setState((current) => (current ? { ...current, open: false } : current));
    // The text stays while the toast animates out, then the alert is cleared (spec §9: 500 ms).
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => setState(null), ALERT_RESET_DELAY_MS);
  }, []);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const api = useMemo<AlertsApi>(() => ({ showAlert, closeAlert }), [showAlert, closeAlert]);

  return (
    <AlertsContext.Provider value={api}>
      <ToastClearanceContext.Provider value={setClearance}>{children}</ToastClearanceContext.Provider>
      {state && (
        <Suspense fallback={null}>
          <AlertToast
            key={state.sequence}
            alert={state.alert}
            open={state.open}
            onClose={closeAlert}
            bottomClearance={clearance}
          />
        </Suspense>
      )}
    </AlertsContext.Provider>
  );
}
