import { Form, Formik, useFormikContext } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formStyles } from '@/components/form/form-styles';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { ActionButton } from '@/components/ui/action-button';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import {
  QUOTE_BOUNDS,
  QUOTE_FIELDS,
  quoteFormSchema,
  quoteFormValues,
  quoteLength,
  toQuoteBody,
  type QuoteFormValues,
} from '../api/quote-form';
import { useSaveQuote } from '../api/save-quote';
import { QUOTE_LANGUAGES, type AdminQuote } from '../api/types';
import { useFocusFirstError } from '@/components/form/use-focus-first-error';

type Props = { quote?: AdminQuote };

/** The French and English texts, each with its count of characters (of 400) under it. */
function TextFields() {
  const { t } = useTranslation();
  const { values } = useFormikContext<QuoteFormValues>();
  return QUOTE_LANGUAGES.map((language) => {
    const name = `text_${language}` as const;
    return (
      <TextAreaField
        key={language}
        name={name}
        lang={language}
        label={t(`adminQuotes.fields.${name}`)}
        hint={t('adminQuotes.fields.count', { length: quoteLength(values[name]), max: QUOTE_BOUNDS.textMax })}
        rows={4}
        required
      />
    );
  });
}

function Fields({ quote, isSubmitting, trashed }: Props & { isSubmitting: boolean; trashed: boolean }) {
  const { t } = useTranslation();
  const inside = useFocusFirstError<HTMLDivElement>();
  return (
    <div ref={inside}>
      <p className={formStyles.hint}>{t('adminQuotes.form.intro')}</p>
      <TextFields />
      <TextField
        name="author"
        label={t('adminQuotes.fields.author')}
        hint={t('adminQuotes.fields.authorHint', { max: QUOTE_BOUNDS.authorMax })}
        autoComplete="off"
        required
      />
      {trashed && (
        <p role="alert" className={formStyles.error}>
          {t('adminQuotes.form.trashed')}{' '}
          <Link to={paths.admin.quotes.trash.getHref()}>{t('adminQuotes.titles.trash')}</Link>
        </p>
      )}
      <div className={formStyles.actions}>
        <ActionButton pending={isSubmitting} pendingLabel={t('adminQuotes.form.saving')}>
          {t(quote ? 'adminQuotes.form.save' : 'adminQuotes.form.create')}
        </ActionButton>
        <Link className="btn btn-secondary" to={paths.admin.quotes.view.getHref()}>
          {t('adminQuotes.cancel')}
        </Link>
      </div>
    </div>
  );
}

/**
 * spec §2 admin `add-quote` and `edit-quote/{id}/…`: the French and English texts (1–400 characters,
 * several lines allowed) and the author's name (1–100). The server's field errors (`text_fr`,
 * `text_en`, `author`) land on their fields; a quote trashed meanwhile (409 `quote_trashed`) is said
 * above the buttons; a success returns to the list.
 */
export function QuoteForm({ quote }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveQuote(quote?.quote_id);
  const schema = useMemo(() => quoteFormSchema(t), [t]);
  const initialValues = useMemo(() => quoteFormValues(quote), [quote]);
  const [trashed, setTrashed] = useState(false);

  return (
    <Formik<QuoteFormValues>
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        setTrashed(false);
        try {
          // The mutation announces the success (meta.feedback), which outlives this form.
          await save.mutateAsync(toQuoteBody(values));
          await navigate(paths.admin.quotes.view.getHref());
        } catch (error) {
          if (isApiError(error) && error.code === 'quote_trashed') {
            setTrashed(true);
            return;
          }
          applyServerErrors(error, helpers.setErrors, QUOTE_FIELDS);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Fields quote={quote} isSubmitting={isSubmitting} trashed={trashed} />
        </Form>
      )}
    </Formik>
  );
}
