import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A stored upload as the profile shows it (docs/api.md "Files"). */
export type StoredFile = { key: string; content_type: string; size: number; name?: string };

export type ProfileStatus = 'registered' | 'in_progress' | 'submitted' | 'approved' | 'rejected' | 'suspended';

/** The seven profile sections, in the spec's order (§2 "Profile sections are …"). */
export const SECTIONS = [
  'basic_profile',
  'address',
  'education',
  'certificates',
  'bank',
  'profile_details',
  'documents',
] as const;
export type SectionName = (typeof SECTIONS)[number];

/** Certificates are optional; every other section must be complete to submit (domain `Section::is_required`). */
export const isRequiredSection = (section: SectionName) => section !== 'certificates';

export type BasicProfile = {
  title: string;
  gender: string;
  given_name: string;
  family_name: string;
  isd_code: string;
  contact_number: string;
  spoken_languages: string[];
  timezone: string;
};

export type Address = {
  country_id: string;
  city_id: string;
  house_number: string;
  street_name: string;
  street_name_2: string | null;
  postal_code: string;
};

export type Degree = { id: string; name: string; school: string; year: number; attachment: StoredFile | null };
export type Certificate = Degree & { number: string | null };

export type Bank = {
  payment_currency: string;
  tax_number: string;
  bank_name: string;
  agency_name: string | null;
  agency_address: string | null;
  swift_bic: string;
  account_number: string | null;
  branch_code: string | null;
  iban: string | null;
  control_key: string | null;
  account_holder: string;
  account_currency: string;
  attachment: StoredFile | null;
};

export type ProfileDetails = {
  bio: string;
  background: string | null;
  expertise: string | null;
  /** English versions (absent or null when not written). */
  bio_en?: string | null;
  background_en?: string | null;
  expertise_en?: string | null;
  video_url: string | null;
  keyword_ids: string[];
  objective_ids: string[];
  disorder_ids: string[];
  specialisation_ids: string[];
  /** docs/api.md: "every details field"; a `price` object is read too, should the server answer one. */
  price_minor?: number;
  currency?: string;
  price?: { minor: number; currency: string };
  session_minutes: number;
  languages: string[];
  first_consultation_free: boolean;
  photo: StoredFile | null;
  resume: StoredFile | null;
};

export type Documents = {
  contract: StoredFile | null;
  id_number: string;
  id_attachment: StoredFile | null;
  criminal_record: StoredFile | null;
};

/** `GET /api/consultant/profile` (docs/api.md "Consultant profile"). */
export type ConsultantProfile = {
  consultant_id: string;
  status: ProfileStatus;
  rejection_reason: string | null;
  suspension_reason: string | null;
  sections: Partial<Record<SectionName, boolean>>;
  missing: SectionName[];
  changed_since_approval: SectionName[];
  basic_profile: BasicProfile | null;
  address: Address | null;
  degrees: Degree[];
  certificates: Certificate[];
  bank: Bank | null;
  profile_details: ProfileDetails | null;
  documents: Documents | null;
};

/** The price of the details section, whichever of the two shapes the server used. */
export const detailsPrice = (details: ProfileDetails): { minor: number; currency: string } | null => {
  if (details.price) return details.price;
  if (typeof details.price_minor === 'number' && details.currency)
    return { minor: details.price_minor, currency: details.currency };
  return null;
};

/** Lists and maps never null, whatever a young read model holds. */
const normalise = (profile: ConsultantProfile): ConsultantProfile => ({
  ...profile,
  sections: profile.sections ?? {},
  missing: profile.missing ?? [],
  changed_since_approval: profile.changed_since_approval ?? [],
  degrees: profile.degrees ?? [],
  certificates: profile.certificates ?? [],
});

export const getConsultantProfile = async (signal?: AbortSignal) =>
  normalise(await api.get<ConsultantProfile>('/api/consultant/profile', { signal }));

export const consultantProfileKey = ['consultant-profile'] as const;

export const consultantProfileQueryOptions = () =>
  queryOptions({
    queryKey: consultantProfileKey,
    queryFn: ({ signal }) => getConsultantProfile(signal),
    staleTime: 0,
  });

/** `silent`: no error toast (the dashboard's card simply stays away). */
export const useConsultantProfile = ({ silent = false } = {}) =>
  useQuery({ ...consultantProfileQueryOptions(), meta: { silent } });

/** After any write: the profile (its sections, progress and status) is read again. */
export const invalidateConsultantProfile = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: consultantProfileKey });

/** Edits are refused while an administrator reviews the profile (409 `profile_under_review`). */
export const isLocked = (profile: ConsultantProfile) => profile.status === 'submitted';

/** Whether every required section is complete (the server decides; this enables the button). */
export const readyToSubmit = (profile: ConsultantProfile) =>
  profile.missing.length === 0 &&
  SECTIONS.every((section) => !isRequiredSection(section) || profile.sections[section] === true);

/** A profile write (PUT, POST or DELETE); on success the profile is read again. */
export const useProfileMutation = <Input,>(mutationFn: (input: Input) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateConsultantProfile(queryClient) });
};
