import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { AdminQuoteList } from './admin-quote-list';
import { AddQuotePage, EditQuotePage } from './quote-form-pages';

/** spec §2 admin `add-quote`. */
export function AddQuoteScreen() {
  return <AddQuotePage />;
}

/** spec §2 admin `edit-quote/{id}/{author_name}/{quote_title}`: only the id is read. */
export function EditQuoteScreen() {
  const { id } = useParams();
  return id ? <EditQuotePage key={id} id={id} /> : <NotFoundPage />;
}

/** spec §2 admin `view-quote`. */
export function ViewQuoteScreen() {
  return <AdminQuoteList trashed={false} />;
}

/** spec §2 admin `view-trash-quote`. */
export function ViewTrashQuoteScreen() {
  return <AdminQuoteList trashed />;
}
