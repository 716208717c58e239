import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formStyles } from '@/components/form/form-styles';
import { MarkdownField } from '@/components/form/markdown-field';
import { TextField } from '@/components/form/text-field';
import { useFocusFirstError } from '@/components/form/use-focus-first-error';
import { ActionButton } from '@/components/ui/action-button';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import {
  PRODUCT_FIELDS,
  productFormSchema,
  productFormValues,
  toProductBody,
  useSaveProduct,
  type ProductFormValues,
} from '../api/admin-products';
import type { Product } from '../api/types';
import { UploadField } from './upload-field';

function Fields({ product, isSubmitting, trashed }: { product?: Product; isSubmitting: boolean; trashed: boolean }) {
  const { t } = useTranslation();
  const inside = useFocusFirstError<HTMLDivElement>();
  return (
    <div ref={inside}>
      <p className={formStyles.hint}>{t('adminProducts.form.intro')}</p>
      <TextField name="title_fr" lang="fr" label={t('adminProducts.fields.title_fr')} required maxLength={120} />
      <TextField name="title_en" lang="en" label={t('adminProducts.fields.title_en')} required maxLength={120} />
      <MarkdownField name="description_fr" language="fr" languageName={t('adminProducts.fields.french')} label={t('adminProducts.fields.description_fr')} rows={8} />
      <MarkdownField
        name="description_en"
        language="en"
        languageName={t('adminProducts.fields.english')}
        label={t('adminProducts.fields.description_en')}
        hint={t('adminProducts.fields.descriptionEnHint')}
        rows={8}
      />
      <div className={formStyles.row}>
        <TextField
          name="price"
          label={t('adminProducts.fields.price')}
          hint={t('adminProducts.fields.priceHint')}
          inputMode="decimal"
          autoComplete="off"
          required
        />
        <TextField name="currency" label={t('adminProducts.fields.currency')} hint={t('adminProducts.fields.currencyHint')} maxLength={3} autoComplete="off" required />
      </div>
      <UploadField name="file" kind="digital_product_file" label={t('adminProducts.fields.file')} required />
      <UploadField name="cover" kind="catalogue_image" label={t('adminProducts.fields.cover')} />
      {trashed && (
        <p role="alert" className={formStyles.error}>
          {t('adminProducts.form.trashedNow')} <Link to={paths.admin.digitalProducts.trash.getHref()}>{t('adminProducts.titles.trash')}</Link>
        </p>
      )}
      <div className={formStyles.actions}>
        <ActionButton pending={isSubmitting} pendingLabel={t('adminProducts.form.saving')}>
          {t(product ? 'adminProducts.form.save' : 'adminProducts.form.create')}
        </ActionButton>
        <Link className="btn btn-secondary" to={paths.admin.digitalProducts.view.getHref()}>
          {t('adminProducts.cancel')}
        </Link>
      </div>
    </div>
  );
}

/**
 * spec §2 admin `add-digital-product` and `edit-digital-product/{id}`: titles and Markdown descriptions in
 * both languages (with the server's preview), the price in major units (sent in minor units), the currency,
 * the PDF and an optional cover, both uploaded at once. Server field errors land on their fields
 * (`price_minor` on the price); a product trashed meanwhile is said above the buttons; success returns to the list.
 */
export function ProductForm({ product }: { product?: Product }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveProduct(product?.id);
  const schema = useMemo(() => productFormSchema(t), [t]);
  const initialValues = useMemo(() => productFormValues(product), [product]);
  const [trashed, setTrashed] = useState(false);
  return (
    <Formik<ProductFormValues>
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        setTrashed(false);
        try {
          await save.mutateAsync(toProductBody(values));
          await navigate(paths.admin.digitalProducts.view.getHref());
        } catch (error) {
          if (isApiError(error) && error.code === 'digital_product_trashed') {
            setTrashed(true);
            return;
          }
          applyServerErrors(error, helpers.setErrors, PRODUCT_FIELDS, { price_minor: 'price' });
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Fields product={product} isSubmitting={isSubmitting} trashed={trashed} />
        </Form>
      )}
    </Formik>
  );
}
