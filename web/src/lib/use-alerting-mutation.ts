import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { AlertOptions } from '../components/alerts/alert-types';
import { useAlerts } from '../components/alerts/alerts-context';

export interface AlertingMutationOptions<TData, TVariables, TOnMutateResult> extends UseMutationOptions<
  TData,
  Error,
  TVariables,
  TOnMutateResult
> {
  /** Logged with the error: what was being done ("Renaming a chapter failed."). */
  failureLog: string;
  /** Spec §8's alert for the failure, or one picked by the error; left out, a failure is only logged. */
  failureAlert?: AlertOptions | ((error: Error) => AlertOptions);
}

/**
 * `useMutation` that handles a failure the one way the app does: logged, then the spec's alert. Rollbacks
 * of optimistic changes go in `onError`, which still runs after the alert.
 */
export function useAlertingMutation<TData, TVariables, TOnMutateResult = unknown>({
  failureLog,
  failureAlert,
  onError,
  ...options
}: AlertingMutationOptions<TData, TVariables, TOnMutateResult>) {
  const { showAlert } = useAlerts();
  return useMutation({
    ...options,
    onError: (error, variables, onMutateResult, context) => {
      console.error(failureLog, error);
      if (failureAlert) showAlert(typeof failureAlert === 'function' ? failureAlert(error) : failureAlert);
      return onError?.(error, variables, onMutateResult, context);
    },
  });
}
