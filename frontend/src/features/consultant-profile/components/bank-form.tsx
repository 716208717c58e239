import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField } from '@/components/form/file-field';
import { formStyles } from '@/components/form/form-styles';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { CURRENCIES } from '../api/money';
import type { ConsultantProfile } from '../api/profile';
import { bankSchema, toBankBody, useSaveBank, type BankValues } from '../api/save-bank';
import { SaveButton } from './save-button';
import { saveSection } from './save-section';

const FIELDS = [
  'payment_currency',
  'tax_number',
  'bank_name',
  'agency_name',
  'agency_address',
  'swift_bic',
  'account_number',
  'branch_code',
  'iban',
  'control_key',
  'account_holder',
  'account_currency',
  'attachment_key',
] as const;

const currencyOptions = CURRENCIES.map((code) => ({ value: code, label: code }));

/** Our edit-account/bank-detail (spec §3 "Bank": every field; the tax number is 0 when not applicable). */
export function BankForm({ profile, locked }: { profile: ConsultantProfile; locked: boolean }) {
  const { t } = useTranslation();
  const save = useSaveBank();
  const schema = useMemo(() => bankSchema(t), [t]);
  const b = profile.bank;
  const initialValues: BankValues = {
    payment_currency: b?.payment_currency ?? 'EUR',
    tax_number: b?.tax_number ?? '',
    bank_name: b?.bank_name ?? '',
    agency_name: b?.agency_name ?? '',
    agency_address: b?.agency_address ?? '',
    swift_bic: b?.swift_bic ?? '',
    account_number: b?.account_number ?? '',
    branch_code: b?.branch_code ?? '',
    iban: b?.iban ?? '',
    control_key: b?.control_key ?? '',
    account_holder: b?.account_holder ?? '',
    account_currency: b?.account_currency ?? 'EUR',
    attachment_key: b?.attachment?.key ?? '',
  };
  const f = (key: string) => t(`consultantProfile.bank.${key}`);
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        await saveSection(() => save.mutateAsync(toBankBody(values)), helpers.setErrors, FIELDS);
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <p>{t('consultantProfile.bank.privacy')}</p>
          <div className={formStyles.row}>
            <TextField name="account_holder" label={f('accountHolder')} autoComplete="cc-name" maxLength={140} required />
            <TextField
              name="tax_number"
              label={f('taxNumber')}
              hint={f('taxNumberHint')}
              autoComplete="off"
              maxLength={30}
              required
            />
          </div>
          <div className={formStyles.row}>
            <TextField name="bank_name" label={f('bankName')} maxLength={100} required />
            <TextField name="agency_name" label={f('agencyName')} maxLength={100} />
          </div>
          <TextField name="agency_address" label={f('agencyAddress')} maxLength={300} />
          <TextField
            name="iban"
            label={f('iban')}
            hint={f('ibanHint')}
            autoComplete="off"
            spellCheck={false}
            maxLength={42}
          />
          <div className={formStyles.row}>
            <TextField
              name="swift_bic"
              label={f('swiftBic')}
              hint={f('swiftBicHint')}
              autoComplete="off"
              spellCheck={false}
              maxLength={14}
              required
            />
            <TextField
              name="account_number"
              label={f('accountNumber')}
              hint={f('accountNumberHint')}
              autoComplete="off"
              maxLength={34}
            />
          </div>
          <div className={formStyles.row}>
            <TextField name="branch_code" label={f('branchCode')} autoComplete="off" maxLength={20} />
            <TextField name="control_key" label={f('controlKey')} autoComplete="off" maxLength={10} />
          </div>
          <div className={formStyles.row}>
            <SelectField name="payment_currency" label={f('paymentCurrency')} options={currencyOptions} required />
            <SelectField name="account_currency" label={f('accountCurrency')} options={currencyOptions} required />
          </div>
          <FileField
            name="attachment_key"
            kind="bank_attachment"
            label={f('attachment')}
            hint={f('attachmentHint')}
            current={b?.attachment}
            required
          />
          <SaveButton submitting={isSubmitting} locked={locked} />
        </Form>
      )}
    </Formik>
  );
}
