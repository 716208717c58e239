import type { AccountStatus } from '@/components/account/account-status-badge';

/** Lifecycle of a consultant profile (docs/api.md "Consultant profile"). */
export const CONSULTANT_STATUSES = ['registered', 'in_progress', 'submitted', 'approved', 'rejected', 'suspended'] as const;
export type ConsultantStatus = (typeof CONSULTANT_STATUSES)[number];

/** One row of `GET /api/admin-panel/consultants`. */
export type ConsultantRow = {
  id: string;
  given_name: string;
  family_name: string;
  email: string;
  profession: string | null;
  status: ConsultantStatus;
  has_unreviewed_changes: boolean;
  registered_at: string;
  submitted_at: string | null;
  /** Deactivated by an administrator, or active. */
  account_status?: AccountStatus;
};

export type ConsultantPage = { items: ConsultantRow[]; total: number; page: number; page_size: number };

/** A stored upload as the profile shows it (docs/api.md "Files"). */
export type StoredFile = { key: string; content_type: string; size: number; name?: string | null };

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

type Text = string | null;

export type Qualification = {
  id: string;
  name: string;
  school: string;
  year: number;
  number?: Text;
  attachment: StoredFile | null;
};

/**
 * `GET /api/admin-panel/consultants/{id}`: the profile body (bank unmasked for
 * admins) plus the account and the history.
 */
export type AdminConsultantProfile = {
  consultant_id: string;
  status: ConsultantStatus;
  rejection_reason: Text;
  suspension_reason: Text;
  sections: Partial<Record<SectionName, boolean>>;
  missing: string[];
  changed_since_approval: string[];
  basic_profile: {
    title: Text;
    gender: Text;
    given_name: string;
    family_name: string;
    isd_code: Text;
    contact_number: Text;
    spoken_languages: string[];
    timezone: Text;
  } | null;
  address: {
    country_id: string;
    city_id: string;
    house_number: Text;
    street_name: Text;
    street_name_2: Text;
    postal_code: Text;
  } | null;
  degrees: Qualification[];
  certificates: Qualification[];
  bank: ({ attachment: StoredFile | null } & Record<string, unknown>) | null;
  profile_details: {
    bio: Text;
    background: Text;
    expertise: Text;
    video_url: Text;
    keyword_ids: string[];
    objective_ids: string[];
    disorder_ids: string[];
    specialisation_ids: string[];
    price_minor?: number;
    currency?: string;
    price?: { minor: number; currency: string };
    session_minutes: number | null;
    languages: string[];
    first_consultation_free: boolean;
    photo: StoredFile | null;
    resume: StoredFile | null;
  } | null;
  documents: {
    contract: StoredFile | null;
    id_number: Text;
    id_attachment: StoredFile | null;
    criminal_record: StoredFile | null;
  } | null;
  account?: {
    email: string;
    registered_at: string;
    profile?: Record<string, unknown> | null;
    account_status?: AccountStatus;
    deactivated_at?: string | null;
    deactivation_reason?: string | null;
  };
  history?: { type: string; at: string; actor: Text }[];
};
