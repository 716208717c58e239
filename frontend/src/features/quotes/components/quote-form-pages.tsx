import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/toast';
import { useQuote } from '../api/get-quote';
import { QuoteForm } from './quote-form';

/** spec §2 admin `add-quote`: an empty quote. */
export function AddQuotePage() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <PageTitle>{t('adminQuotes.titles.add')}</PageTitle>
      <div className="card">
        <QuoteForm />
      </div>
    </div>
  );
}

/** spec §2 admin `edit-quote/{id}/…`: the saved quote, read by its id; a trashed one is restored before it is edited. */
export function EditQuotePage({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useQuote(id);
  const quote = query.data;
  return (
    <div className="stack">
      <PageTitle>{t('adminQuotes.titles.edit')}</PageTitle>
      <div className="card">
        {quote ? (
          quote.trashed_at ? (
            <p role="status">
              {t('adminQuotes.form.trashed')}{' '}
              <Link to={paths.admin.quotes.trash.getHref()}>{t('adminQuotes.titles.trash')}</Link>
            </p>
          ) : (
            <QuoteForm key={`${quote.quote_id}-${quote.updated_at}`} quote={quote} />
          )
        ) : query.isError ? (
          <p role="alert">{errorText(query.error, t('errors.network'))}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </div>
    </div>
  );
}
