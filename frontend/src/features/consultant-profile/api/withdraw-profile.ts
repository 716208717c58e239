import { api } from '@/lib/api-client';
import { useProfileMutation } from './profile';

/** `POST /api/consultant/profile/withdraw` → 204: back to editing. */
export const withdrawProfile = () => api.post<void>('/api/consultant/profile/withdraw');

export const useWithdrawProfile = () => useProfileMutation<void>(withdrawProfile);
