import { api } from '@/lib/api-client';
import type { DegreeBody } from './award';
import { useProfileMutation } from './profile';

const base = '/api/consultant/profile/degrees';

/** `POST /api/consultant/profile/degrees` → 201 `{id}`; `PUT …/{id}` → 204. */
export const saveDegree = ({ id, body }: { id?: string; body: DegreeBody }) =>
  id ? api.put<void>(`${base}/${encodeURIComponent(id)}`, body) : api.post<{ id: string }>(base, body);

export const useSaveDegree = () => useProfileMutation(saveDegree);
