import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The two sides of a booking, who alone may enter its room. */
export type RoomArea = 'client' | 'consultant';

/** `RTCIceServer` as the server hands it (`EQUILIBRE_ICE_SERVERS`). */
export type IceServer = { urls: string | string[]; username?: string; credential?: string };

/** `GET /api/{client|consultant}/rooms/{room_id}` (docs/api.md, Video room). */
export type Room = {
  room_id: string;
  opens_at: string;
  closes_at: string;
  open: boolean;
  state: 'not_open' | 'open' | 'closed';
  peer_name: string;
  party: RoomArea;
  ice_servers: IceServer[];
};

export const getRoom = (area: RoomArea, roomId: string, signal?: AbortSignal) =>
  api.get<Room>(`/api/${area}/rooms/${encodeURIComponent(roomId)}`, { signal });

export const roomQueryOptions = (area: RoomArea, roomId: string) =>
  queryOptions({
    queryKey: ['room', area, roomId],
    queryFn: ({ signal }) => getRoom(area, roomId, signal),
    retry: false,
    // The screen shows refusals itself.
    meta: { silent: true },
  });

export const useRoom = (area: RoomArea, roomId: string) => useQuery(roomQueryOptions(area, roomId));
