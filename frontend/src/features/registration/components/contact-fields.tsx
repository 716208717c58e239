import { useFormikContext } from 'formik';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ComboboxField } from '@/components/form/combobox-field';
import { formStyles } from '@/components/form/form-styles';
import { MultiComboboxField } from '@/components/form/multi-combobox-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import type { SignUpRole } from '@/config/roles';
import type { RegistrationOptions } from '../api/get-registration-options';
import type { SignUpValues } from '../api/sign-up';
import { MobileOtpField } from './mobile-otp-field';
import { contactLists } from './option-lists';
import { offeredZones, ZoneDirectory } from './time-zones';

type Props = {
  role: SignUpRole;
  options: RegistrationOptions;
  /** The browser's zone, offered and chosen at first. */
  browserZone: string;
};

function WhatsAppField({ required }: { required: boolean }) {
  const { t } = useTranslation();
  return (
    <TextField
      name="whatsapp_number"
      type="tel"
      label={t('fields.whatsapp')}
      hint={t('fields.whatsappHint')}
      autoComplete="tel"
      required={required}
    />
  );
}

/**
 * The second step (its own chunk, with the searchable pickers): how to reach the person (the
 * number verified by a texted code for SMS or WhatsApp), where they live, their time zone and
 * languages; the other numbers last, in an optional group.
 */
export function ContactFields({ role, options, browserZone }: Props) {
  const { t, i18n } = useTranslation();
  const { values } = useFormikContext<SignUpValues>();
  const language = i18n.resolvedLanguage ?? 'fr';
  const lists = useMemo(() => contactLists(options, t, language), [options, t, language]);
  const zones = useMemo(
    () => new ZoneDirectory(offeredZones(options.timezones, browserZone), language),
    [options.timezones, browserZone, language],
  );
  useEffect(() => zones.warmUp(), [zones]);
  const languages = useMemo(() => {
    const labels = new Map(lists.languages.map((option) => [option.value, option.label]));
    return { values: lists.languages.map((option) => option.value), labelOf: (code: string) => labels.get(code) ?? code };
  }, [lists.languages]);
  const whatsappPreferred = values.preferred_contact === 'whatsapp';

  return (
    <>
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
      {whatsappPreferred && <WhatsAppField required />}
      <MobileOtpField role={role} />
      <ComboboxField
        name="timezone"
        label={t('fields.timezone')}
        hint={t('fields.timezoneHint')}
        values={zones.zones}
        labelOf={zones.labelOf}
        detailOf={zones.detailOf}
        filter={zones.filter}
        noMatch={t('fields.timezoneNoMatch')}
        required
      />
      <SelectField
        name="correspondence_language"
        label={t('fields.correspondenceLanguage')}
        options={lists.correspondenceLanguages}
        required
      />
      <MultiComboboxField
        name="spoken_languages"
        label={t('fields.spokenLanguages')}
        hint={t('fields.spokenLanguagesHint')}
        chosenLabel={t('fields.spokenLanguagesChosen')}
        values={languages.values}
        labelOf={languages.labelOf}
        noMatch={t('fields.spokenLanguagesNoMatch')}
        placeholder={t('fields.spokenLanguagesPlaceholder')}
        required
      />
      <fieldset className={formStyles.fieldset}>
        <legend className={formStyles.legend}>{t('registration.optionalContacts')}</legend>
        <fieldset className={formStyles.fieldset}>
          <legend className={formStyles.legend}>{t('fields.alternativeNumber')}</legend>
          <div className={formStyles.rowNarrowFirst}>
            <SelectField name="alternative_isd_code" label={t('fields.isdCode')} options={lists.isdCodes} />
            <TextField name="alternative_number" type="tel" label={t('fields.number')} />
          </div>
        </fieldset>
        {!whatsappPreferred && <WhatsAppField required={false} />}
      </fieldset>
    </>
  );
}
