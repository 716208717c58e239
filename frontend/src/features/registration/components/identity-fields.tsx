import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import type { SignUpRole } from '@/config/roles';
import { latestBirthDate } from '../api/sign-up';
import type { IdentityLists } from './option-lists';

type Props = { role: SignUpRole; lists: IdentityLists };

/** Who the person is (title, gender, names, birth date; profession for consultants): the first step. */
export function IdentityFields({ role, lists }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <div className={formStyles.row}>
        <SelectField name="title" label={t('fields.title')} options={lists.titles} required />
        <SelectField name="gender" label={t('fields.gender')} options={lists.genders} required />
      </div>
      <div className={formStyles.row}>
        <TextField name="given_name" label={t('fields.givenName')} autoComplete="given-name" required />
        <TextField name="family_name" label={t('fields.familyName')} autoComplete="family-name" required />
      </div>
      <div className={formStyles.row}>
        <TextField
          name="date_of_birth"
          type="date"
          label={t('fields.dateOfBirth')}
          autoComplete="bday"
          max={latestBirthDate()}
          hint={t('fields.dateOfBirthHint')}
          required
        />
        <SelectField name="nationality" label={t('fields.nationality')} options={lists.nationalities} required />
      </div>
      {role === 'consultant' && (
        <div className={formStyles.row}>
          <TextField name="profession" label={t('fields.profession')} autoComplete="organization-title" required />
          <TextField
            name="years_of_experience"
            type="number"
            inputMode="numeric"
            min={0}
            max={80}
            step={1}
            label={t('fields.yearsOfExperience')}
            required
          />
        </div>
      )}
    </>
  );
}
