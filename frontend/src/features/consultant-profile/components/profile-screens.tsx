import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { AddressForm } from './address-form';
import { BankForm } from './bank-form';
import { BasicProfileForm } from './basic-profile-form';
import { CertificateForm, CertificateList } from './certificate-pages';
import { DetailsForm } from './details-form';
import { DocumentsForm } from './documents-form';
import { EducationSection } from './education-page';
import { MyProfilePage } from './my-profile-page';
import { ProgressPage } from './progress-page';
import { SectionPage } from './section-page';

const certificatesHref = paths.consultant.profile.allCertificates.getHref();

export function BasicProfileScreen() {
  const { t } = useTranslation();
  return (
    <SectionPage title={t('consultantProfile.sections.basic_profile')}>
      {(profile, locked) => <BasicProfileForm profile={profile} locked={locked} />}
    </SectionPage>
  );
}

export function AddressScreen() {
  const { t } = useTranslation();
  return (
    <SectionPage title={t('consultantProfile.sections.address')}>
      {(profile, locked) => <AddressForm profile={profile} locked={locked} />}
    </SectionPage>
  );
}

export function EducationScreen() {
  const { t } = useTranslation();
  return (
    <SectionPage title={t('consultantProfile.sections.education')}>
      {(profile, locked) => <EducationSection profile={profile} locked={locked} />}
    </SectionPage>
  );
}

export function DetailsScreen() {
  const { t } = useTranslation();
  return (
    <SectionPage title={t('consultantProfile.sections.profile_details')}>
      {(profile, locked) => <DetailsForm profile={profile} locked={locked} />}
    </SectionPage>
  );
}

export function DocumentsScreen() {
  const { t } = useTranslation();
  return (
    <SectionPage title={t('consultantProfile.sections.documents')}>
      {(profile, locked) => <DocumentsForm profile={profile} locked={locked} />}
    </SectionPage>
  );
}

export function BankScreen() {
  const { t } = useTranslation();
  return (
    <SectionPage title={t('consultantProfile.sections.bank')}>
      {(profile, locked) => <BankForm profile={profile} locked={locked} />}
    </SectionPage>
  );
}

export function CertificatesScreen() {
  const { t } = useTranslation();
  return (
    <SectionPage title={t('consultantProfile.sections.certificates')}>
      {(profile, locked) => <CertificateList profile={profile} locked={locked} />}
    </SectionPage>
  );
}

export function AddCertificateScreen() {
  const { t } = useTranslation();
  return (
    <SectionPage
      title={t('consultantProfile.certificate.addTitle')}
      backHref={certificatesHref}
      backLabel={t('consultantProfile.certificate.back')}
    >
      {(profile, locked) => <CertificateForm profile={profile} locked={locked} />}
    </SectionPage>
  );
}

export function EditCertificateScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <SectionPage
      title={t('consultantProfile.certificate.editTitle')}
      backHref={certificatesHref}
      backLabel={t('consultantProfile.certificate.back')}
    >
      {(profile, locked) => {
        const certificate = profile.certificates.find((c) => c.id === id);
        return certificate ? (
          <CertificateForm key={certificate.id} profile={profile} locked={locked} certificate={certificate} />
        ) : (
          <p role="alert">{t('consultantProfile.certificate.notFound')}</p>
        );
      }}
    </SectionPage>
  );
}

export { MyProfilePage, ProgressPage };
