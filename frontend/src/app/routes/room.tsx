import type { QueryClient } from '@tanstack/react-query';
import { redirect, useLoaderData, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import { knownSession } from '@/lib/auth';
import { RoomScreen } from '@/features/room/components/room-screen';
import type { RoomArea } from '@/features/room/api/get-room';
import { rememberRedirectUrl } from '@/lib/redirect-url';
import { usePathRole } from '@/lib/use-path-role';

/**
 * spec §2 `/chat-room/:roomid`: whoever is signed in, client first, else the
 * consultant; a visitor signed in to neither goes to the client sign-in and
 * comes back here after.
 */
export const roomLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs): Promise<{ area: RoomArea } | Response> => {
    for (const area of ['client', 'consultant'] as const) {
      if (await knownSession(queryClient, area)) return { area };
    }
    const url = new URL(request.url);
    rememberRedirectUrl(`${url.pathname}${url.search}`);
    return redirect(paths.public.client.signIn.getHref());
  };

/** The room screen, under `/chat-room/:roomid`, `/client/room/:roomid` and `/consultant/room/:roomid`. */
export function Component() {
  const { roomid = '' } = useParams();
  const loaded = useLoaderData<{ area: RoomArea } | undefined>();
  const pathRole = usePathRole();
  const area: RoomArea = loaded?.area ?? (pathRole === 'consultant' ? 'consultant' : 'client');
  const navigate = useNavigate();
  return <RoomScreen key={`${area}-${roomid}`} area={area} roomId={roomid} onLeave={() => void navigate(paths[area].dashboard.getHref())} />;
}
