import { api } from '@/lib/api-client';
import type { CertificateBody } from './award';
import { useProfileMutation } from './profile';

const base = '/api/consultant/profile/certificates';

/** `POST /api/consultant/profile/certificates` → 201 `{id}`; `PUT …/{id}` → 204. */
export const saveCertificate = ({ id, body }: { id?: string; body: CertificateBody }) =>
  id ? api.put<void>(`${base}/${encodeURIComponent(id)}`, body) : api.post<{ id: string }>(base, body);

export const useSaveCertificate = () => useProfileMutation(saveCertificate);
