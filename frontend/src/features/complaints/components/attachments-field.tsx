import { useField } from 'formik';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptFor, FILE_RULES, MIB, uploadFile, type UploadedFile } from '@/components/form/file-upload';
import formStyles from '@/components/form/form.module.css';
import { isApiError } from '@/lib/api-error';
import { errorText } from '@/lib/toast';
import { LIMITS, type PartyRole } from '../api/types';
import styles from './complaints.module.css';

const KIND = 'complaint_attachment' as const;

type Props = { name: string; role: PartyRole; label?: string };

/**
 * Up to 5 files (PDF, JPG, PNG, 10 MiB each) sent at once to `POST /api/{area}/files?kind=complaint_attachment`;
 * the form keeps their keys. Each can be removed before sending; the server's reason shows when one is refused.
 */
export function AttachmentsField({ name, role, label }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [field, meta, helpers] = useField<string[]>(name);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const keys = field.value ?? [];
  const shown = keys.map((key) => files.find((file) => file.key === key) ?? { key, content_type: '', size: 0 });
  const rules = FILE_RULES[KIND];
  const hint = t('complaints.attachments.hint', {
    max: LIMITS.attachments,
    formats: rules.types.map((type) => type.label).join(', '),
    size: rules.maxBytes / MIB,
  });
  // Our checks give keys; the server's field errors are already translated.
  const metaError = typeof meta.error === 'string' && meta.error ? meta.error : undefined;
  const fieldError = error ?? (metaError && /^(validation|complaints)\.[\w.]+$/.test(metaError) ? t(metaError, { max: LIMITS.attachments }) : metaError);
  const full = keys.length >= LIMITS.attachments;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = [...(input.files ?? [])];
    input.value = '';
    if (chosen.length === 0) return;
    setError(undefined);
    const room = LIMITS.attachments - keys.length;
    if (chosen.length > room) setError(t('complaints.attachments.tooMany', { max: LIMITS.attachments }));
    const added: UploadedFile[] = [];
    setBusy(true);
    try {
      for (const file of chosen.slice(0, Math.max(0, room))) {
        if (file.size > rules.maxBytes) {
          setError(t('complaints.attachments.tooLarge', { name: file.name, max: rules.maxBytes / MIB }));
          continue;
        }
        const stored = await uploadFile(role, KIND, file);
        added.push({ ...stored, name: file.name || stored.name });
      }
    } catch (failure) {
      setError(isApiError(failure) && failure.fields.file ? failure.fields.file : errorText(failure, t('errors.network')));
    } finally {
      setBusy(false);
    }
    if (added.length > 0) {
      setFiles((current) => [...current, ...added]);
      await helpers.setValue([...keys, ...added.map((file) => file.key)]);
    }
  };

  const remove = (key: string) => {
    setError(undefined);
    void helpers.setValue(keys.filter((k) => k !== key));
  };

  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label ?? t('complaints.attachments.label')}
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={acceptFor(KIND)}
        className={styles.fileInput}
        disabled={busy || full}
        aria-busy={busy || undefined}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={`${id}-hint ${id}-status${fieldError ? ` ${id}-error` : ''}`}
        onChange={(event) => void onChange(event)}
      />
      <span id={`${id}-hint`} className={formStyles.hint}>
        {hint}
      </span>
      <div id={`${id}-status`} aria-live="polite">
        {busy && <span>{t('complaints.attachments.uploading')}</span>}
        {!busy && full && <span className={styles.muted}>{t('complaints.attachments.full', { max: LIMITS.attachments })}</span>}
      </div>
      {shown.length > 0 && (
        <ul className={styles.files} aria-label={t('complaints.attachments.chosen')}>
          {shown.map((file) => (
            <li key={file.key}>
              <span>{file.name ?? file.key.split('/').pop()}</span>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                aria-label={t('complaints.attachments.remove', { name: file.name ?? file.key.split('/').pop() })}
                onClick={() => remove(file.key)}
              >
                {t('complaints.attachments.removeShort')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {fieldError && (
        <span id={`${id}-error`} className={formStyles.error} role="alert">
          {fieldError}
        </span>
      )}
    </div>
  );
}
