import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { ErrorFallback } from '../../components/errors/error-fallback';

/** The router catches render failures (and failed chunk downloads) of its routes; show them like any other. */
export function RouteErrorFallback() {
  const error = useRouteError();

  useEffect(() => {
    console.error('Route failed to render', error);
  }, [error]);

  return <ErrorFallback />;
}
