import { useField } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@/config/roles';
import { FieldMessages } from './field-messages';
import styles from './file-field.module.css';
import { fileHref, fileType, MIB, type FileKind, type UploadedFile } from './file-upload';
import formStyles from './form.module.css';
import { useUploadOnChoose } from './use-upload-on-choose';

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
  const [field] = useField<string>(name);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const upload = useUploadOnChoose({
    name,
    kind,
    role,
    hint: (formats, max) => [hint, t('consultantProfile.file.hint', { formats, max })].filter(Boolean).join(' '),
    tooLarge: (max) => t('consultantProfile.file.tooLarge', { max }),
    onUploaded: setUploaded,
    touchOnBlur: true,
  });
  const shown = uploaded?.key === field.value ? uploaded : current?.key === field.value ? current : null;
  const size = (bytes: number) =>
    new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: 1 }).format(
      bytes >= MIB ? bytes / MIB : bytes / 1024,
    ) + (bytes >= MIB ? ` ${t('consultantProfile.file.mb')}` : ` ${t('consultantProfile.file.kb')}`);

  return (
    <div className={formStyles.field}>
      <label htmlFor={upload.id} className={formStyles.label}>
        {label}
        {required && <span className={formStyles.required} aria-hidden="true">*</span>}
      </label>
      <input {...upload.inputProps} aria-required={required && !field.value ? true : undefined} />
      <div id={upload.statusId} className={styles.status} aria-live="polite">
        {upload.busy ? (
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
      <FieldMessages {...upload.messages} />
    </div>
  );
}
