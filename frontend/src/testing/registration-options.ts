import type { RegistrationOptions } from '@/features/registration/api/get-registration-options';

export const registrationOptions: RegistrationOptions = {
  terms_version: '2026-01',
  privacy_version: '2026-02',
  titles: ['mr', 'ms', 'dr'],
  genders: ['male', 'female', 'other', 'not_disclosing'],
  contact_methods: ['email', 'phone', 'sms', 'whatsapp'],
  languages: [
    { code: 'fr', name_fr: 'Français', name_en: 'French' },
    { code: 'en', name_fr: 'Anglais', name_en: 'English' },
  ],
  countries: [
    { code: 'FR', name_fr: 'France', name_en: 'France', isd: '+33' },
    { code: 'BE', name_fr: 'Belgique', name_en: 'Belgium', isd: '+32' },
  ],
  nationalities: [
    { code: 'FR', name_fr: 'Française', name_en: 'French' },
    { code: 'BE', name_fr: 'Belge', name_en: 'Belgian' },
  ],
  timezones: ['Europe/Paris', 'Europe/Brussels'],
};
