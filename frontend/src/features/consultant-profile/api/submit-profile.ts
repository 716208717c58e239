import { api } from '@/lib/api-client';
import { useProfileMutation } from './profile';

/** `POST /api/consultant/profile/submit` → 204; 400 with `fields` keyed by section (`profile.section_incomplete`). */
export const submitProfile = () => api.post<void>('/api/consultant/profile/submit');

export const useSubmitProfile = () => useProfileMutation<void>(submitProfile);
