import { useField } from 'formik';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from '@/components/form/field-messages';
import fileStyles from '@/components/form/file-field.module.css';
import { acceptFor, FILE_RULES, fileHref, MIB, uploadFile, type FileKind } from '@/components/form/file-upload';
import formCss from '@/components/form/form.module.css';
import { useFieldA11y } from '@/components/form/use-field-a11y';
import { isApiError } from '@/lib/api-error';
import { errorText } from '@/lib/toast';

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
  const [field, meta, helpers] = useField<string>(name);
  const [urlField, , urlHelpers] = useField<string>(`${name}_url`);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const statusId = useId();
  const rules = FILE_RULES[kind];
  const maxMb = rules.maxBytes / MIB;
  const hint = t('adminProducts.upload.hint', { formats: rules.types.map((type) => type.label).join(', '), max: maxMb });
  const a11y = useFieldA11y(meta, hint);
  const error = uploadError ?? a11y.error;
  const errorId = error ? `${a11y.id}-error` : undefined;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUploadError(undefined);
    if (file.size > rules.maxBytes) {
      setUploadError(t('adminProducts.upload.tooLarge', { max: maxMb }));
      input.value = '';
      return;
    }
    setBusy(true);
    try {
      const stored = await uploadFile('admin', kind, file);
      await helpers.setTouched(true, false);
      await urlHelpers.setValue(fileHref('admin', stored.key));
      await helpers.setValue(stored.key);
    } catch (failure) {
      setUploadError(isApiError(failure) && failure.fields.file ? failure.fields.file : errorText(failure, t('errors.network')));
    } finally {
      setBusy(false);
      input.value = '';
    }
  };

  return (
    <div className={formCss.field}>
      <label htmlFor={a11y.id} className={formCss.label}>
        {label}
        {required ? ' *' : ''}
      </label>
      <input
        id={a11y.id}
        type="file"
        accept={acceptFor(kind)}
        className={fileStyles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={[a11y.hintId, errorId, statusId].filter(Boolean).join(' ')}
        aria-busy={busy || undefined}
        disabled={busy}
        onChange={(event) => void onChange(event)}
      />
      <p id={statusId} className={fileStyles.status} aria-live="polite">
        {busy ? t('adminProducts.upload.uploading') : field.value ? t('adminProducts.upload.ready') : ''}
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
      <FieldMessages hint={hint} hintId={a11y.hintId} error={error} errorId={errorId} />
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
