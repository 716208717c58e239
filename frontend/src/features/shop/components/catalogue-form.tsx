import { Form, Formik } from 'formik';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CheckboxGroupField } from '@/components/form/checkbox-group-field';
import { formStyles } from '@/components/form/form-styles';
import { MarkdownField } from '@/components/form/markdown-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useFocusFirstError } from '@/components/form/use-focus-first-error';
import { ActionButton } from '@/components/ui/action-button';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import {
  CATALOGUE_FIELDS,
  catalogueFormSchema,
  catalogueFormValues,
  MAX_BENEFITS,
  toCatalogueBody,
  useSaveCatalogueItem,
  type CatalogueFormValues,
} from '../api/admin-catalogue';
import { useBenefits } from '../api/get-catalogue';
import { CATALOGUE_KINDS, inLanguage, type CatalogueItem } from '../api/types';
import { UploadField } from './upload-field';

const screens = paths.admin.digitalProducts;

/** Inside the form: moves focus to the first field in error after a refused submit. */
function FocusFirstError({ children }: { children: ReactNode }) {
  const inside = useFocusFirstError<HTMLDivElement>();
  return <div ref={inside}>{children}</div>;
}

/**
 * Our admin catalogue editor (issue 13): kind, names, latin name, Markdown descriptions with the preview,
 * at most 12 benefit labels and a picture uploaded at once. Server field errors land on their fields.
 */
export function CatalogueForm({ item }: { item?: CatalogueItem }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveCatalogueItem(item?.id);
  const benefits = useBenefits();
  const schema = useMemo(() => catalogueFormSchema(t), [t]);
  const initialValues = useMemo(() => catalogueFormValues(item), [item]);
  const [trashed, setTrashed] = useState(false);
  const kinds = CATALOGUE_KINDS.map((kind) => ({ value: kind, label: t(`adminCatalogue.kinds.${kind}`) }));
  const benefitOptions = (benefits.data ?? []).map((benefit) => ({
    value: benefit.id,
    label: inLanguage(benefit.name_fr, benefit.name_en, i18n.language),
  }));
  return (
    <Formik<CatalogueFormValues>
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        setTrashed(false);
        try {
          await save.mutateAsync(toCatalogueBody(values));
          await navigate(screens.catalogue.getHref());
        } catch (error) {
          if (isApiError(error) && error.code === 'catalogue_item_trashed') {
            setTrashed(true);
            return;
          }
          applyServerErrors(error, helpers.setErrors, CATALOGUE_FIELDS);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <FocusFirstError>
            <p className={formStyles.hint}>{t('adminProducts.form.intro')}</p>
            <SelectField name="kind" label={t('adminCatalogue.fields.kind')} options={kinds} required />
            <TextField name="name_fr" lang="fr" label={t('adminCatalogue.fields.name_fr')} required maxLength={120} />
            <TextField name="name_en" lang="en" label={t('adminCatalogue.fields.name_en')} required maxLength={120} />
            <TextField name="latin_name" lang="la" label={t('adminCatalogue.fields.latin_name')} maxLength={120} />
            <MarkdownField name="description_fr" language="fr" languageName={t('adminProducts.fields.french')} label={t('adminProducts.fields.description_fr')} rows={8} />
            <MarkdownField
              name="description_en"
              language="en"
              languageName={t('adminProducts.fields.english')}
              label={t('adminProducts.fields.description_en')}
              hint={t('adminProducts.fields.descriptionEnHint')}
              rows={8}
            />
            <CheckboxGroupField name="benefit_ids" legend={t('adminCatalogue.fields.benefits', { max: MAX_BENEFITS })} options={benefitOptions} />
            <UploadField name="image" kind="catalogue_image" label={t('adminCatalogue.fields.image')} />
            {trashed && (
              <p role="alert" className={formStyles.error}>
                {t('adminProducts.form.trashedNow')} <Link to={screens.catalogueTrash.getHref()}>{t('adminProducts.titles.catalogueTrash')}</Link>
              </p>
            )}
            <div className={formStyles.actions}>
              <ActionButton pending={isSubmitting} pendingLabel={t('adminProducts.form.saving')}>
                {t(item ? 'adminProducts.form.save' : 'adminCatalogue.create')}
              </ActionButton>
              <Link className="btn btn-secondary" to={screens.catalogue.getHref()}>
                {t('adminProducts.cancel')}
              </Link>
            </div>
          </FocusFirstError>
        </Form>
      )}
    </Formik>
  );
}
