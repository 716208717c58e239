import { Field, useFormikContext } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { TextField } from '@/components/form/text-field';
import { useErrorText } from '@/components/form/use-field-a11y';
import { browserTimeZone } from '@/lib/zoned-time';
import type { BlogFormValues, PublishChoice } from '../api/blog-post-form';
import styles from './blog-admin.module.css';

type Props = {
  /** The saved post's publication date, when it is published (its choice is then to stay so). */
  publishedAt?: string;
};

/**
 * When the post shows: a draft (no date), now, or at a later time typed in the browser's time zone
 * and sent as UTC. A published post keeps its date unless another choice is made.
 */
export function PublicationField({ publishedAt }: Props) {
  const { t, i18n } = useTranslation();
  const { values, errors, submitCount } = useFormikContext<BlogFormValues>();
  const errorText = useErrorText();
  const legendId = useId();
  const choices: PublishChoice[] = ['draft', publishedAt ? 'keep' : 'now', 'schedule'];
  const date = (value: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'fr-FR', { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(value),
    );
  // A server refusal of the date when no time field is shown (e.g. a draft turned into a publication).
  const groupError = values.publish !== 'schedule' && submitCount > 0 ? errors.publish_local : undefined;
  const groupErrorId = groupError ? `${legendId}-error` : undefined;

  return (
    <fieldset className={formStyles.fieldset} aria-labelledby={legendId} aria-describedby={groupErrorId}>
      <legend id={legendId} className={formStyles.legend}>
        {t('adminBlog.publication.legend')}
      </legend>
      <div className={styles.radios}>
        {choices.map((choice) => (
          <label key={choice}>
            <Field type="radio" name="publish" value={choice} />
            <span>
              {choice === 'keep' && publishedAt
                ? t('adminBlog.publication.keep', { date: date(publishedAt) })
                : t(`adminBlog.publication.${choice}`)}
            </span>
          </label>
        ))}
      </div>
      {values.publish === 'schedule' && (
        <TextField
          name="publish_local"
          type="datetime-local"
          label={t('adminBlog.publication.at')}
          hint={t('adminBlog.publication.atHint', { zone: browserTimeZone() })}
          required
        />
      )}
      {groupError && (
        <span id={groupErrorId} className={formStyles.error}>
          {errorText(groupError)}
        </span>
      )}
    </fieldset>
  );
}
