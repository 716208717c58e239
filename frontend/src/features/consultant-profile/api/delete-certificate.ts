import { api } from '@/lib/api-client';
import { useProfileMutation } from './profile';

/** `DELETE /api/consultant/profile/certificates/{id}` → 204. */
export const deleteCertificate = (id: string) =>
  api.delete<void>(`/api/consultant/profile/certificates/${encodeURIComponent(id)}`);

export const useDeleteCertificate = () => useProfileMutation(deleteCertificate);
