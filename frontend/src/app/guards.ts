import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import type { Role } from '@/config/roles';
import { knownSession } from '@/lib/auth';
import { getPersistedState, setRoleStatus } from '@/lib/persisted-state';
import { rememberRedirectUrl } from '@/lib/redirect-url';

/**
 * Route guard (spec §4, DESIGN §2): the session (see `knownSession`).
 * Admin and consultant areas send strangers home; the client area sends them to
 * the client sign-in and remembers where they wanted to go.
 */
export const requireSession =
  (queryClient: QueryClient, role: Role) =>
  async ({ request }: LoaderFunctionArgs) => {
    const session = await knownSession(queryClient, role);
    const signedIn = session !== null;
    if (getPersistedState().auth[role].status !== signedIn) setRoleStatus(role, signedIn);
    if (signedIn) return null;
    if (role === 'client') {
      const url = new URL(request.url);
      rememberRedirectUrl(`${url.pathname}${url.search}${url.hash}`);
      return redirect(paths.public.client.signIn.getHref());
    }
    return redirect(paths.home.getHref());
  };
