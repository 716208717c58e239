import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { NotFoundPage } from './not-found-page';
import { ServerErrorPage } from './server-error-page';

/** Error boundary given to every route: 404 answers show the not-found page, anything else the 500 page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound =
    (isRouteErrorResponse(error) && error.status === 404) || (isApiError(error) && error.status === 404);
  if (notFound) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <ServerErrorPage
      correlationId={isApiError(error) ? error.correlationId : undefined}
      onRetry={() => window.location.reload()}
    />
  );
}
