import type { ComponentType } from 'react';
import type { paths } from '@/config/paths';
import * as s from '@/features/consultant-profile/components/profile-screens';

/** The consultant's profile screens (one lazy chunk), keyed like `paths.consultant.profile`. */
export const screens: Record<keyof typeof paths.consultant.profile, ComponentType> = {
  myProfile: s.MyProfilePage,
  editAccount: s.ProgressPage,
  basicProfile: s.BasicProfileScreen,
  addressDetail: s.AddressScreen,
  educationDetail: s.EducationScreen,
  profileDetail: s.DetailsScreen,
  document: s.DocumentsScreen,
  bankDetail: s.BankScreen,
  certificateDetail: s.CertificatesScreen,
  allCertificates: s.CertificatesScreen,
  addCertificate: s.AddCertificateScreen,
  editCertificate: s.EditCertificateScreen,
};
