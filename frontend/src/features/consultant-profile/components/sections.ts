import { paths } from '@/config/paths';
import type { SectionName } from '../api/profile';

const p = paths.consultant.profile;

/** Where each section is edited (spec §2 routes under edit-account). */
export const SECTION_HREF: Record<SectionName, string> = {
  basic_profile: p.basicProfile.getHref(),
  address: p.addressDetail.getHref(),
  education: p.educationDetail.getHref(),
  certificates: p.allCertificates.getHref(),
  bank: p.bankDetail.getHref(),
  profile_details: p.profileDetail.getHref(),
  documents: p.document.getHref(),
};

/** i18n key of a section's name. */
export const sectionLabelKey = (section: SectionName) => `consultantProfile.sections.${section}`;
