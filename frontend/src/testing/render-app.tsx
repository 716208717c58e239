import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createRoutes, discoverAreaRoutes } from '@/app/route-table';
import { createMutationCache } from '@/lib/query-client';

/** Renders the real route table at `path` with a fresh query client (the app's freshness, no retry). */
export const renderApp = (path: string) => {
  const queryClient = new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(createRoutes(queryClient), {
    initialEntries: [path],
    patchRoutesOnNavigation: discoverAreaRoutes(),
  });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
};
