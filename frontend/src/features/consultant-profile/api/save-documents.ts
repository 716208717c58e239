import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { api } from '@/lib/api-client';
import { useProfileMutation } from './profile';
import { CODE_PATTERN } from './save-bank';

export type DocumentsValues = {
  contract_key: string;
  id_number: string;
  id_attachment_key: string;
  criminal_record_key: string;
};

export const documentsSchema = (t: TFunction) =>
  yup.object({
  contract_key: yup.string().required('validation.required'),
  id_number: yup
    .string()
    .trim()
    .required('validation.required')
    .max(50, 'validation.tooLong')
    .matches(CODE_PATTERN, t('consultantProfile.validation.code')),
  id_attachment_key: yup.string().required('validation.required'),
  criminal_record_key: yup.string().required('validation.required'),
  });

/** The contract template to download, fill in and upload as a PDF (spec §2 document page). */
export const CONTRACT_TEMPLATE_URL = '/api/public/documents/consultant-contract.pdf';

/** `PUT /api/consultant/profile/documents` → 204. */
export const saveDocuments = (body: DocumentsValues) =>
  api.put<void>('/api/consultant/profile/documents', { ...body, id_number: body.id_number.trim() });

export const useSaveDocuments = () => useProfileMutation(saveDocuments);
