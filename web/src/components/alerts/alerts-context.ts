import { createContext, useContext } from 'react';
import type { AlertOptions } from './alert-types';

export interface AlertsApi {
  /** Shows the alert at the bottom right, replacing the one on screen (there is one alert at a time). */
  showAlert: (alert: AlertOptions) => void;
  /** Hides the current alert, e.g. once the condition it reported has cleared. */
  closeAlert: () => void;
}

export const AlertsContext = createContext<AlertsApi | null>(null);

export function useAlerts(): AlertsApi {
  const alerts = useContext(AlertsContext);
  if (!alerts) throw new Error('useAlerts must be used inside <AlertsProvider>.');
  return alerts;
}
