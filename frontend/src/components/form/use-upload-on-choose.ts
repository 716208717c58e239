import { useField, useFormikContext } from 'formik';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@/config/roles';
import { isApiError } from '@/lib/api-error';
import { errorText } from '@/lib/toast';
import styles from './file-field.module.css';
import { acceptFor, FILE_RULES, fileHref, MIB, uploadFile, type FileKind, type UploadedFile } from './file-upload';
import { useFieldA11y } from './use-field-a11y';

type Options = {
  /** The form field keeping the stored file's key. */
  name: string;
  kind: FileKind;
  role: Role;
  /** The hint under the control, given the kind's formats ("JPG, PNG") and its limit in MiB. */
  hint: (formats: string, maxMb: number) => string;
  /** The message for a file over the limit: refused here rather than sent for nothing. */
  tooLarge: (maxMb: number) => string;
  /** A field that gets where the stored file is read (`fileHref`), for a preview; `clear` empties it too. */
  urlName?: string;
  /** Receives the stored file, under the name the person chose, before the form takes its key. */
  onUploaded?: (file: UploadedFile) => void;
  /** Leaving the control marks the field touched (its own validation message shows then). */
  touchOnBlur?: boolean;
};

/**
 * A single-file field uploaded as soon as a file is chosen (`uploadFile`): the form keeps the stored key.
 * Gives the control's props (busy and disabled while sending, described by hint, error and status),
 * the messages for `FieldMessages`, and `clear` to empty the field.
 */
export const useUploadOnChoose = ({ name, kind, role, hint: hintFor, tooLarge, urlName, onUploaded, touchOnBlur }: Options) => {
  const { t } = useTranslation();
  const [, meta, helpers] = useField<string>(name);
  const { setFieldValue } = useFormikContext();
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const rules = FILE_RULES[kind];
  const maxMb = rules.maxBytes / MIB;
  const hint = hintFor(rules.types.map((type) => type.label).join(', '), maxMb);
  const a11y = useFieldA11y(meta, hint);
  // The upload's own error wins: it is about the file just chosen.
  const error = uploadError ?? a11y.error;
  const errorId = error ? `${a11y.id}-error` : undefined;
  const statusId = `${a11y.id}-status`;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUploadError(undefined);
    if (file.size > rules.maxBytes) {
      setUploadError(tooLarge(maxMb));
      input.value = '';
      return;
    }
    setBusy(true);
    try {
      const stored = await uploadFile(role, kind, file);
      // The name the person chose is the one they recognise (the server's is generic).
      onUploaded?.({ ...stored, name: file.name || stored.name });
      // Touched first without validating: Formik would validate the old value otherwise.
      await helpers.setTouched(true, false);
      if (urlName) await setFieldValue(urlName, fileHref(role, stored.key));
      await helpers.setValue(stored.key);
    } catch (failure) {
      setUploadError(isApiError(failure) && failure.fields.file ? failure.fields.file : errorText(failure, t('errors.network')));
    } finally {
      setBusy(false);
      // Emptied so that choosing the same file again still sends it.
      input.value = '';
    }
  };

  const clear = () => {
    setUploadError(undefined);
    if (urlName) void setFieldValue(urlName, '');
    void helpers.setValue('');
  };

  return {
    id: a11y.id,
    busy,
    error,
    statusId,
    clear,
    /** Spread on the `<input>`. */
    inputProps: {
      id: a11y.id,
      type: 'file',
      accept: acceptFor(kind),
      className: styles.input,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [a11y.hintId, errorId, statusId].filter(Boolean).join(' '),
      'aria-busy': busy || undefined,
      disabled: busy,
      onChange: (event: ChangeEvent<HTMLInputElement>) => void onChange(event),
      onBlur: touchOnBlur ? () => void helpers.setTouched(true) : undefined,
    },
    /** Spread on `FieldMessages`. */
    messages: { hint, hintId: a11y.hintId, error, errorId },
  };
};
