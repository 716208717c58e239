import { useField } from 'formik';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@/config/roles';
import { isApiError } from '@/lib/api-error';
import { errorText } from '@/lib/toast';
import { FieldMessages } from './field-messages';
import styles from './file-field.module.css';
import { acceptFor, FILE_RULES, fileHref, fileType, MIB, uploadFile, type FileKind, type UploadedFile } from './file-upload';
import formStyles from './form.module.css';
import { useFieldA11y } from './use-field-a11y';

type Props = {
  /** The form field holding the stored file's key (`*_key`). */
  name: string;
  label: string;
  kind: FileKind;
  /** The file already saved in the section, shown until another is uploaded. */
  current?: UploadedFile | null;
  required?: boolean;
  hint?: string;
  role?: Role;
};

/**
 * Upload field: choosing a file sends it at once; the form keeps the returned key.
 * Shows the file's name, size and a link to it, or the server's reason for refusing it.
 */
export function FileField({ name, label, kind, current, required, hint, role = 'consultant' }: Props) {
  const { t, i18n } = useTranslation();
  const [field, meta, helpers] = useField<string>(name);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const rules = FILE_RULES[kind];
  const formats = rules.types.map((type) => type.label).join(', ');
  const maxMb = rules.maxBytes / MIB;
  const fullHint = [hint, t('consultantProfile.file.hint', { formats, max: maxMb })].filter(Boolean).join(' ');
  const a11y = useFieldA11y(meta, fullHint);
  const error = uploadError ?? a11y.error;
  const errorId = error ? `${a11y.id}-error` : undefined;
  const describedBy = [a11y.hintId, errorId, `${a11y.id}-status`].filter(Boolean).join(' ');
  const shown = uploaded?.key === field.value ? uploaded : current?.key === field.value ? current : null;
  const size = (bytes: number) =>
    new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: 1 }).format(
      bytes >= MIB ? bytes / MIB : bytes / 1024,
    ) + (bytes >= MIB ? ` ${t('consultantProfile.file.mb')}` : ` ${t('consultantProfile.file.kb')}`);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUploadError(undefined);
    if (file.size > rules.maxBytes) {
      setUploadError(t('consultantProfile.file.tooLarge', { max: maxMb }));
      input.value = '';
      return;
    }
    setBusy(true);
    try {
      const stored = await uploadFile(role, kind, file);
      // The name the person chose is the one they recognise (the server's is generic).
      setUploaded({ ...stored, name: file.name || stored.name });
      // Touched first without validating: Formik would validate the old value otherwise.
      await helpers.setTouched(true, false);
      await helpers.setValue(stored.key);
    } catch (failure) {
      setUploadError(
        isApiError(failure) && failure.fields.file
          ? failure.fields.file
          : errorText(failure, t('errors.network')),
      );
    } finally {
      setBusy(false);
      input.value = '';
    }
  };

  return (
    <div className={formStyles.field}>
      <label htmlFor={a11y.id} className={formStyles.label}>
        {label}
        {required && <span className={formStyles.required} aria-hidden="true">*</span>}
      </label>
      <input
        id={a11y.id}
        type="file"
        accept={acceptFor(kind)}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required && !field.value ? true : undefined}
        aria-busy={busy || undefined}
        disabled={busy}
        onChange={(event) => void onChange(event)}
        onBlur={() => void helpers.setTouched(true)}
      />
      <div id={`${a11y.id}-status`} className={styles.status} aria-live="polite">
        {busy ? (
          <span>{t('consultantProfile.file.uploading')}</span>
        ) : shown ? (
          <span className={styles.file}>
            <span>
              {shown.name
                ? t('consultantProfile.file.current', { name: shown.name, size: size(shown.size) })
                : t('consultantProfile.file.stored', { type: fileType(shown), size: size(shown.size) })}
            </span>{' '}
            <a
              href={fileHref(role, shown.key)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${t('consultantProfile.file.view')} ${shown.name ?? fileType(shown)} ${t('common.newWindow')}`}
            >
              {t('consultantProfile.file.view')}
            </a>
          </span>
        ) : (
          <span className={styles.none}>{t('consultantProfile.file.none')}</span>
        )}
      </div>
      <FieldMessages hint={fullHint} hintId={a11y.hintId} error={error} errorId={errorId} />
    </div>
  );
}
