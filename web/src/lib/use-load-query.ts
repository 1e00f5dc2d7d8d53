import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AlertOptions } from '../components/alerts/alert-types';
import { useAlerts } from '../components/alerts/alerts-context';

/** Spec §8: the toast for any story, series or chapter that fails to load. */
export const LOAD_FAILURE_ALERT: AlertOptions = {
  title: 'Error retrieving data',
  message: 'We are experiencing difficulty retrieving some or all of your data',
  severity: 'error',
};

interface LoadFailure {
  /** Names what is loaded, for the log: "Loading {what} failed." */
  what: string;
  /** Spec §8 says which loads the author is told about; the others are only logged. Told by default. */
  announce?: boolean;
}

/**
 * `useQuery` for a page's data, with spec §8's handling of a failed load: it is logged and, unless the spec
 * says otherwise, shows the 'Error retrieving data' toast.
 */
export function useLoadQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, Error, TData, TQueryKey>,
  { what, announce = true }: LoadFailure,
) {
  const query = useQuery(options);
  const { showAlert } = useAlerts();
  const { error } = query;

  useEffect(() => {
    if (!error) return;
    console.error(`Loading ${what} failed.`, error);
    if (announce) showAlert(LOAD_FAILURE_ALERT);
  }, [error, what, announce, showAlert]);

  return query;
}
