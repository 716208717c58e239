import type { ComponentType } from 'react';
import { ConsentFormPage } from '@/features/client-file/components/consent-form-page';
import { GeneralInfoForm } from '@/features/client-file/components/general-info-form';
import { HealthAssessmentDoc } from '@/features/client-file/components/health-assessment-doc';
import { HealthAssessmentForm } from '@/features/client-file/components/health-assessment-form';

/** The client's file screens (one lazy chunk), keyed like `paths.client`. */
export const screens: Record<'consentFormDoc' | 'healthAssessmentDoc' | 'healthAssessment' | 'generalInfo', ComponentType> =
  {
    consentFormDoc: ConsentFormPage,
    healthAssessmentDoc: HealthAssessmentDoc,
    healthAssessment: HealthAssessmentForm,
    generalInfo: GeneralInfoForm,
  };
