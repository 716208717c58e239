import { Form, Formik, useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import type { ConsultantProfile } from '../api/profile';
import { addressSchema, toAddressBody, useSaveAddress, type AddressValues } from '../api/save-address';
import { SaveButton } from './save-button';
import { saveSection } from './save-section';
import { useReferenceOptions } from './use-reference-options';

const FIELDS = ['country_id', 'city_id', 'house_number', 'street_name', 'street_name_2', 'postal_code'] as const;

/** Country, then the cities of that country (`/api/public/reference/cities?parent_id=`). */
function CountryCityFields() {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<AddressValues>();
  const countries = useReferenceOptions('countries');
  const cities = useReferenceOptions('cities', values.country_id, Boolean(values.country_id));
  const previousCountry = useRef(values.country_id);
  useEffect(() => {
    if (previousCountry.current === values.country_id) return;
    // Another country: the city chosen before no longer belongs to it.
    previousCountry.current = values.country_id;
    void setFieldValue('city_id', '', false);
  }, [values.country_id, setFieldValue]);
  return (
    <div className={formStyles.row}>
      <SelectField
        name="country_id"
        label={t('consultantProfile.address.country')}
        options={countries.options}
        aria-busy={countries.isPending || undefined}
        required
      />
      <SelectField
        name="city_id"
        label={t('consultantProfile.address.city')}
        options={cities.options}
        disabled={!values.country_id}
        hint={values.country_id ? undefined : t('consultantProfile.address.cityHint')}
        aria-busy={(Boolean(values.country_id) && cities.isPending) || undefined}
        required
      />
    </div>
  );
}

/** spec §2 edit-account/address-detail (spec §3 "Address"). */
export function AddressForm({ profile, locked }: { profile: ConsultantProfile; locked: boolean }) {
  const { t } = useTranslation();
  const save = useSaveAddress();
  const a = profile.address;
  const initialValues: AddressValues = {
    country_id: a?.country_id ?? '',
    city_id: a?.city_id ?? '',
    house_number: a?.house_number ?? '',
    street_name: a?.street_name ?? '',
    street_name_2: a?.street_name_2 ?? '',
    postal_code: a?.postal_code ?? '',
  };
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={addressSchema}
      onSubmit={async (values, helpers) => {
        await saveSection(() => save.mutateAsync(toAddressBody(values)), helpers.setErrors, FIELDS);
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <CountryCityFields />
          <div className={formStyles.rowNarrowFirst}>
            <TextField name="house_number" label={t('consultantProfile.address.houseNumber')} maxLength={20} required />
            <TextField
              name="street_name"
              label={t('consultantProfile.address.streetName')}
              autoComplete="address-line1"
              maxLength={200}
              required
            />
          </div>
          <TextField
            name="street_name_2"
            label={t('consultantProfile.address.streetName2')}
            autoComplete="address-line2"
            maxLength={200}
          />
          <TextField
            name="postal_code"
            label={t('consultantProfile.address.postalCode')}
            autoComplete="postal-code"
            maxLength={20}
            required
          />
          <SaveButton submitting={isSubmitting} locked={locked} />
        </Form>
      )}
    </Formik>
  );
}
