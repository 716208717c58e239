import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField } from '@/components/form/file-field';
import { TextField } from '@/components/form/text-field';
import type { ConsultantProfile } from '../api/profile';
import {
  CONTRACT_TEMPLATE_URL,
  documentsSchema,
  useSaveDocuments,
  type DocumentsValues,
} from '../api/save-documents';
import { SaveButton } from './save-button';
import { saveSection } from './save-section';

const FIELDS = ['contract_key', 'id_number', 'id_attachment_key', 'criminal_record_key'] as const;

/** spec §2 edit-account/document: the contract (download, fill in, upload as PDF), ID and criminal record. */
export function DocumentsForm({ profile, locked }: { profile: ConsultantProfile; locked: boolean }) {
  const { t } = useTranslation();
  const save = useSaveDocuments();
  const schema = useMemo(() => documentsSchema(t), [t]);
  const d = profile.documents;
  const initialValues: DocumentsValues = {
    contract_key: d?.contract?.key ?? '',
    id_number: d?.id_number ?? '',
    id_attachment_key: d?.id_attachment?.key ?? '',
    criminal_record_key: d?.criminal_record?.key ?? '',
  };
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        await saveSection(() => save.mutateAsync(values), helpers.setErrors, FIELDS);
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <section aria-labelledby="documents-contract">
            <h2 id="documents-contract">{t('consultantProfile.documents.contractTitle')}</h2>
            <ol>
              <li>
                <a href={CONTRACT_TEMPLATE_URL} download>
                  {t('consultantProfile.documents.download')}
                </a>
              </li>
              <li>{t('consultantProfile.documents.fill')}</li>
              <li>{t('consultantProfile.documents.upload')}</li>
            </ol>
            <FileField
              name="contract_key"
              kind="contract"
              label={t('consultantProfile.documents.contract')}
              current={d?.contract}
              required
            />
          </section>
          <section aria-labelledby="documents-identity">
            <h2 id="documents-identity">{t('consultantProfile.documents.identityTitle')}</h2>
            <TextField
              name="id_number"
              label={t('consultantProfile.documents.idNumber')}
              autoComplete="off"
              maxLength={50}
              required
            />
            <FileField
              name="id_attachment_key"
              kind="id_document"
              label={t('consultantProfile.documents.idAttachment')}
              current={d?.id_attachment}
              required
            />
            <FileField
              name="criminal_record_key"
              kind="criminal_record"
              label={t('consultantProfile.documents.criminalRecord')}
              hint={t('consultantProfile.documents.criminalRecordHint')}
              current={d?.criminal_record}
              required
            />
          </section>
          <SaveButton submitting={isSubmitting} locked={locked} />
        </Form>
      )}
    </Formik>
  );
}
