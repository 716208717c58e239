import type { Named } from './public-reference';

/** A topic of an expert (speciality, disorder, objective, keyword) with both names. */
export type Topic = Named & { id: string };

/**
 * One expert as the public directory and the client favourites answer it
 * (docs/api.md "Public directory and favourites"). Shared by the directory and
 * favourites features, which the app composes.
 */
export type ExpertCard = {
  id: string;
  title: string | null;
  given_name: string;
  family_name: string;
  profession: string | null;
  photo_url: string | null;
  price: { minor: number; currency: string } | null;
  session_minutes: number | null;
  first_consultation_free: boolean;
  languages: string[];
  specialisations: Topic[];
  disorders: Topic[];
  bio_excerpt: string | null;
  bio_excerpt_en?: string | null;
};

/** The name shown for an expert: "Dr Camille Martin"; of the titles only the doctor's is shown. */
export const expertName = (expert: Pick<ExpertCard, 'title' | 'given_name' | 'family_name'>, doctorTitle: string) =>
  [expert.title === 'dr' ? doctorTitle : '', expert.given_name, expert.family_name].filter(Boolean).join(' ');
