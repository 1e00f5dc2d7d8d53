import { useCallback, useEffect, useState } from 'react';
import type { AlertOptions } from '../components/alerts/alert-types';
import { useAlerts } from '../components/alerts/alerts-context';

/** Spec §8: the toast for any story, series or chapter that fails to load. */
export const LOAD_FAILURE_ALERT: AlertOptions = {
  title: 'Error retrieving data',
  message: 'We are experiencing difficulty retrieving some or all of your data',
  severity: 'error',
};

export type ApiQueryState<T> =
  | { status: 'loading'; data: undefined }
  | { status: 'success'; data: T }
  | { status: 'error'; data: undefined; error: unknown };

export type ApiQuery<T> = ApiQueryState<T> & {
  /** Changes the loaded data in place, e.g. to hide a deleted card without loading the list again. */
  updateData: (update: (data: T) => T) => void;
};

type Loader<T> = (signal: AbortSignal) => Promise<T>;

/**
 * Loads data for a page when it mounts and again whenever `load` changes, so `load` must be stable: a
 * module-level fetcher or one made with `useCallback`. A failure is logged and shows the spec's 'Error
 * retrieving data' toast; a load superseded by a newer one (or by unmounting) is aborted and ignored.
 */
export function useApiQuery<T>(load: Loader<T>): ApiQuery<T> {
  const { showAlert } = useAlerts();
  const [settled, setSettled] = useState<{ load: Loader<T>; state: ApiQueryState<T> } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ load, state: { status: 'success', data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading data failed.', error);
        showAlert(LOAD_FAILURE_ALERT);
        setSettled({ load, state: { status: 'error', data: undefined, error } });
      },
    );
    return () => controller.abort();
  }, [load, showAlert]);

  const updateData = useCallback(
    (update: (data: T) => T) =>
      setSettled((current) =>
        current?.load === load && current.state.status === 'success'
          ? { load, state: { status: 'success', data: update(current.state.data) } }
          : current,
      ),
    [load],
  );

  // Until the current loader settles, what an earlier one loaded is stale: report loading, not old data.
  const state: ApiQueryState<T> =
    settled?.load === load ? settled.state : { status: 'loading', data: undefined };
  return { ...state, updateData };
}
