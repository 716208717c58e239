import type { Session } from '@/lib/auth';

export const sessionFor = (role: string, given_name = 'Camille'): Session => ({
  role,
  account_id: '0190a0a0-0000-7000-8000-000000000001',
  given_name,
  family_name: 'Martin',
  email: 'camille@example.org',
  language: 'fr',
});
