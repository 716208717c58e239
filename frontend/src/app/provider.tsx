import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { ReauthenticationPrompt } from '@/features/second-factor/components/reauthentication-prompt';
import { StartUp } from './start-up';

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <StartUp />
      {children}
      {/* Sensitive requests answered 403 `reauthentication_required` ask for a code here, then go again.
          Imported, not lazy: loaded lazily it never opened its dialog in the browser (e2e/second-factor). */}
      <ReauthenticationPrompt />
      <Toaster />
    </QueryClientProvider>
  );
}
