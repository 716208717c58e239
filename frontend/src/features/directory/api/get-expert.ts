import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ExpertCard, Topic } from '@/lib/expert-card';

export type Qualification = { name: string; school: string; year: number };

/** `GET /api/public/experts/{id}`: the card plus the public profile; never bank, ID, address or contact. */
export type ExpertDetail = ExpertCard & {
  years_of_experience: number | null;
  bio: string | null;
  background: string | null;
  expertise: string | null;
  /** The expert's English versions, null when not written. */
  bio_en: string | null;
  background_en: string | null;
  expertise_en: string | null;
  video_url: string | null;
  keywords: Topic[];
  objectives: Topic[];
  degrees: Qualification[];
  certificates: Qualification[];
};

export const getExpert = (id: string, signal?: AbortSignal) =>
  api.get<ExpertDetail>(`/api/public/experts/${encodeURIComponent(id)}`, { signal });

export const expertQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['experts', 'detail', id],
    queryFn: ({ signal }) => getExpert(id, signal),
    meta: { silent: true },
  });

export const useExpert = (id: string) => useQuery(expertQueryOptions(id));
