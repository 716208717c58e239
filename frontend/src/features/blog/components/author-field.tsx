import { Combobox, ComboboxInput, ComboboxOptions, Field as PickerField } from '@headlessui/react';
import { Field, useField, useFormikContext } from 'formik';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoMatch, PickerLabel, PickerMessages, PickerOption, PickerToggle } from '@/components/form/combobox-parts';
import pickerStyles from '@/components/form/combobox.module.css';
import { formStyles } from '@/components/form/form-styles';
import formCss from '@/components/form/form.module.css';
import { useFieldA11y } from '@/components/form/use-field-a11y';
import { useApprovedConsultants, type ConsultantChoice } from '../api/get-approved-consultants';
import type { BlogFormValues } from '../api/blog-post-form';
import styles from './blog-admin.module.css';
import { useDebouncedValue } from './use-debounced-value';

const fullName = (consultant: ConsultantChoice) => `${consultant.given_name} ${consultant.family_name}`.trim();

/**
 * The expert who signs the post, searched among the approved consultants by name or e-mail (the
 * server searches: `GET /api/admin-panel/consultants?status=approved`), 20 at a time.
 */
function ExpertPicker() {
  const { t } = useTranslation();
  const [field, meta, helpers] = useField<string>('consultant_id');
  const [nameField, , nameHelpers] = useField<string>('consultant_name');
  const { error } = useFieldA11y(meta);
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim());
  const list = useApprovedConsultants(search, true);
  const choices = list.data?.items ?? [];

  return (
    <PickerField className={formCss.field}>
      <Combobox
        value={field.value || null}
        onChange={(id: string | null) => {
          const chosen = choices.find((consultant) => consultant.id === id);
          if (!id || !chosen) return;
          void nameHelpers.setValue(fullName(chosen));
          void helpers.setValue(id);
        }}
        onClose={() => setQuery('')}
      >
        <PickerLabel label={t('adminBlog.author.expert')} required />
        <div className={pickerStyles.control}>
          <ComboboxInput
            aria-invalid={error ? true : undefined}
            data-field="consultant_id"
            className={`${formCss.input} ${pickerStyles.input}`}
            displayValue={(id: string | null) => (id && id === field.value ? nameField.value : '')}
            onChange={(event) => setQuery(event.target.value)}
            onFocus={(event) => event.currentTarget.select()}
            onBlur={() => void helpers.setTouched(true)}
            placeholder={t('adminBlog.author.searchPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <PickerToggle />
          <ComboboxOptions className={pickerStyles.options} modal={false}>
            {choices.map((consultant) => (
              <PickerOption
                key={consultant.id}
                value={consultant.id}
                label={fullName(consultant)}
                detail={[consultant.profession, consultant.email].filter(Boolean).join(' · ')}
              />
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      <NoMatch
        shown={!list.isFetching && list.data !== undefined && choices.length === 0}
        text={t(search ? 'adminBlog.author.noMatch' : 'adminBlog.author.none')}
      />
      <PickerMessages hint={t('adminBlog.author.hint')} error={error} />
    </PickerField>
  );
}

/** Who signs the post: the editorial team, or an approved expert (linked to their public page). */
export function AuthorField() {
  const { t } = useTranslation();
  const { values } = useFormikContext<BlogFormValues>();
  const legendId = useId();
  return (
    <fieldset className={formStyles.fieldset} aria-labelledby={legendId}>
      <legend id={legendId} className={formStyles.legend}>
        {t('adminBlog.author.legend')}
      </legend>
      <div className={styles.radios}>
        <label>
          <Field type="radio" name="author" value="editorial" />
          {t('adminBlog.editorialTeam')}
        </label>
        <label>
          <Field type="radio" name="author" value="expert" />
          {t('adminBlog.author.anExpert')}
        </label>
      </div>
      {values.author === 'expert' && <ExpertPicker />}
    </fieldset>
  );
}
