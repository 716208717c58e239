import type { ConsultantProfile } from '../api/profile';

export const file = (key: string, content_type = 'application/pdf', size = 2048) => ({ key, content_type, size });

const KEY = 'subjects/0190a0a0-0000-7000-8000-000000000001';

/** A profile with only the basic profile saved (as after sign-up and a first save). */
export const newProfile = (overrides: Partial<ConsultantProfile> = {}): ConsultantProfile => ({
  consultant_id: '0190a0a0-0000-7000-8000-000000000001',
  status: 'in_progress',
  rejection_reason: null,
  suspension_reason: null,
  sections: {
    basic_profile: true,
    address: false,
    education: false,
    certificates: false,
    bank: false,
    profile_details: false,
    documents: false,
  },
  missing: ['address', 'education', 'bank', 'profile_details', 'documents'],
  changed_since_approval: [],
  basic_profile: {
    title: 'dr',
    gender: 'female',
    given_name: 'Camille',
    family_name: 'Martin',
    isd_code: '+33',
    contact_number: '612345678',
    spoken_languages: ['fr'],
    timezone: 'Europe/Paris',
  },
  address: null,
  degrees: [],
  certificates: [],
  bank: null,
  profile_details: null,
  documents: null,
  ...overrides,
});

/** Every required section complete; certificates (optional) still empty. */
export const completeProfile = (overrides: Partial<ConsultantProfile> = {}): ConsultantProfile =>
  newProfile({
    sections: {
      basic_profile: true,
      address: true,
      education: true,
      certificates: false,
      bank: true,
      profile_details: true,
      documents: true,
    },
    missing: [],
    address: {
      country_id: 'c-fr',
      city_id: 'city-lyon',
      house_number: '12',
      street_name: 'rue de la Paix',
      street_name_2: null,
      postal_code: '69001',
    },
    degrees: [
      { id: 'd1', name: 'Master de psychologie', school: 'Université Lyon 2', year: 2012, attachment: file(`${KEY}/d1.png`, 'image/png') },
    ],
    bank: {
      payment_currency: 'EUR',
      tax_number: '0',
      bank_name: 'BNP Paribas',
      agency_name: null,
      agency_address: null,
      swift_bic: 'BNPAFRPP',
      account_number: null,
      branch_code: null,
      iban: 'FR7630006000011234567890189',
      control_key: null,
      account_holder: 'Camille Martin',
      account_currency: 'EUR',
      attachment: file(`${KEY}/bank.pdf`),
    },
    profile_details: {
      bio: 'Psychologue depuis dix ans.',
      background: null,
      expertise: null,
      video_url: null,
      keyword_ids: [],
      objective_ids: [],
      disorder_ids: ['dis-anx'],
      specialisation_ids: ['spec-hyp'],
      price_minor: 6000,
      currency: 'EUR',
      session_minutes: 45,
      languages: ['fr'],
      first_consultation_free: false,
      photo: file(`${KEY}/photo.jpg`, 'image/jpeg'),
      resume: file(`${KEY}/cv.pdf`),
    },
    documents: {
      contract: file(`${KEY}/contract.pdf`),
      id_number: 'AB123456',
      id_attachment: file(`${KEY}/id.pdf`),
      criminal_record: file(`${KEY}/record.pdf`),
    },
    ...overrides,
  });

const item = (id: string, name_fr: string, name_en: string, parent_id: string | null = null) => ({
  id,
  name_fr,
  name_en,
  parent_id,
  code: null,
});

/** Public reference lists the pickers read. */
export const referenceLists: Record<string, ReturnType<typeof item>[]> = {
  countries: [item('c-fr', 'France', 'France'), item('c-be', 'Belgique', 'Belgium')],
  disorders: [item('dis-anx', 'Anxiété', 'Anxiety'), item('dis-ins', 'Insomnie', 'Insomnia')],
  specializations: [item('spec-hyp', 'Hypnose', 'Hypnosis'), item('spec-nat', 'Naturopathie', 'Naturopathy')],
  keywords: [item('kw-sleep', 'Sommeil', 'Sleep')],
  objectives: [item('obj-calm', 'Apaisement', 'Calm')],
};

export const cities: Record<string, ReturnType<typeof item>[]> = {
  'c-fr': [item('city-lyon', 'Lyon', 'Lyon', 'c-fr'), item('city-paris', 'Paris', 'Paris', 'c-fr')],
  'c-be': [item('city-bxl', 'Bruxelles', 'Brussels', 'c-be')],
};
