import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { StartUp } from './start-up';

// The re-authentication prompt registers itself once its chunk arrives, just after the first paint: only a
// signed-in person's sensitive request can need it, never a public page's first load.
const ReauthenticationPrompt = lazy(() =>
  import('@/features/second-factor/components/reauthentication-prompt').then((module) => ({
    default: module.ReauthenticationPrompt,
  })),
);

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <StartUp />
      {children}
      {/* Sensitive requests answered 403 `reauthentication_required` ask for a code here, then go again. */}
      <Suspense fallback={null}>
        <ReauthenticationPrompt />
      </Suspense>
      <Toaster />
    </QueryClientProvider>
  );
}
