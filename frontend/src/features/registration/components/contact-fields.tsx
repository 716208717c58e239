import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '@/components/form/checkbox-group-field';
import { formStyles } from '@/components/form/form-styles';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import type { SignUpRole } from '@/config/roles';
import { MobileOtpField } from './mobile-otp-field';
import type { OptionLists } from './option-lists';
import styles from './sign-up.module.css';

/** How to reach the person (the number verified by a texted code for SMS or WhatsApp), where they live, which languages they speak. */
export function ContactFields({ role, lists }: { role: SignUpRole; lists: OptionLists }) {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="signup-contact">
      <h2 id="signup-contact">{t('registration.sections.contact')}</h2>
      <div className={formStyles.row}>
        <SelectField
          name="preferred_contact"
          label={t('fields.preferredContact')}
          options={lists.contactMethods}
          required
        />
        <SelectField
          name="country_of_residence"
          label={t('fields.countryOfResidence')}
          options={lists.countries}
          autoComplete="country"
          required
        />
      </div>
      <fieldset className={formStyles.fieldset}>
        <legend className={formStyles.legend}>{t('fields.contactNumber')}</legend>
        <div className={formStyles.rowNarrowFirst}>
          <SelectField name="isd_code" label={t('fields.isdCode')} options={lists.isdCodes} required />
          <TextField name="contact_number" type="tel" label={t('fields.number')} autoComplete="tel-national" required />
        </div>
      </fieldset>
      <fieldset className={formStyles.fieldset}>
        <legend className={formStyles.legend}>{t('fields.alternativeNumber')}</legend>
        <div className={formStyles.rowNarrowFirst}>
          <SelectField name="alternative_isd_code" label={t('fields.isdCode')} options={lists.isdCodes} />
          <TextField name="alternative_number" type="tel" label={t('fields.number')} />
        </div>
      </fieldset>
      <TextField
        name="whatsapp_number"
        type="tel"
        label={t('fields.whatsapp')}
        hint={t('fields.whatsappHint')}
        autoComplete="tel"
      />
      <MobileOtpField role={role} />
      <div className={formStyles.row}>
        <SelectField name="timezone" label={t('fields.timezone')} options={lists.timezones} required />
        <SelectField
          name="correspondence_language"
          label={t('fields.correspondenceLanguage')}
          options={lists.correspondenceLanguages}
          required
        />
      </div>
      <CheckboxGroupField name="spoken_languages" legend={t('fields.spokenLanguages')} options={lists.languages} required />
    </section>
  );
}
