import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from '@/components/form/field-messages';
import fileStyles from '@/components/form/file-field.module.css';
import type { FileKind } from '@/components/form/file-upload';
import formCss from '@/components/form/form.module.css';
import { useUploadOnChoose } from '@/components/form/use-upload-on-choose';

type Props = {
  /** The form's key field; `${name}_url` holds where the current file is read. */
  name: 'file' | 'cover' | 'image';
  kind: Extract<FileKind, 'digital_product_file' | 'catalogue_image'>;
  label: string;
  required?: boolean;
};

/**
 * A file uploaded as soon as it is chosen (`POST /api/admin-panel/files?kind=`): the form keeps its key.
 * A picture is previewed; a PDF is linked. An optional one can be removed.
 */
export function UploadField({ name, kind, label, required = false }: Props) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<string>(name);
  const [urlField, , urlHelpers] = useField<string>(`${name}_url`);
  const upload = useUploadOnChoose({
    name,
    kind,
    role: 'admin',
    urlName: `${name}_url`,
    hint: (formats, max) => t('adminProducts.upload.hint', { formats, max }),
    tooLarge: (max) => t('adminProducts.upload.tooLarge', { max }),
  });

  return (
    <div className={formCss.field}>
      <label htmlFor={upload.id} className={formCss.label}>
        {label}
        {required ? ' *' : ''}
      </label>
      <input {...upload.inputProps} />
      <p id={upload.statusId} className={fileStyles.status} aria-live="polite">
        {upload.busy ? t('adminProducts.upload.uploading') : field.value ? t('adminProducts.upload.ready') : ''}
      </p>
      {field.value && urlField.value ? (
        kind === 'catalogue_image' ? (
          <img style={{ display: 'block', maxWidth: '100%', height: 'auto' }} src={urlField.value} alt={t('adminProducts.upload.preview')} width={240} height={180} />
        ) : (
          <a href={urlField.value} target="_blank" rel="noreferrer">
            {t('adminProducts.upload.current')}
          </a>
        )
      ) : null}
      <FieldMessages {...upload.messages} />
      {field.value && !required && (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => {
            void urlHelpers.setValue('');
            void helpers.setValue('');
          }}
        >
          {t('adminProducts.upload.remove')}
        </button>
      )}
    </div>
  );
}
