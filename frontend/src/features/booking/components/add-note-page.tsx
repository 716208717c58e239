import { Form, Formik } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { TextAreaField } from '@/components/form/text-area-field';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { applyServerErrors } from '@/lib/form-errors';
import { errorText, toast } from '@/lib/toast';
import { formatDateTimeIn } from '@/lib/zoned-time';
import { useBooking } from '../api/get-booking';
import { NOTE_MAX, noteSchema, useAddNote, useNotes, type NoteValues } from '../api/notes';
import styles from './booking.module.css';
import { useViewerZone } from '@/lib/viewer-zone';
import { ActionButton } from '@/components/ui/action-button';
import { clientName, ERASED } from '@/lib/erased-name';

type Props = { sessionId?: string; clientId?: string };

const initialValues: NoteValues = { text: '' };

/** spec §2 consultant `my-booking/add-note/{sessionId?}/{clientId?}`: a note after the meeting, and the earlier ones. */
export function AddNotePage({ sessionId, clientId }: Props) {
  const { t, i18n } = useTranslation();
  const booking = useBooking('consultant', sessionId ?? '');
  const row = sessionId ? booking.data : undefined;
  const client = clientId ?? row?.client.id;
  const notes = useNotes({ client_id: client, booking_id: client ? undefined : sessionId });
  const add = useAddNote();
  const zone = useViewerZone('consultant');
  const listId = useId();

  return (
    <div className="stack">
      <PageTitle>{t('notes.title')}</PageTitle>
      <p>
        <Link to={paths.consultant.myBooking.getHref()}>{t('notes.back')}</Link>
      </p>
      {row && (
        <p>
          {t('notes.session', {
            name: clientName(row.client.name, t) ?? t('bookings.unnamed'),
            date: formatDateTimeIn(row.start, zone, i18n.language),
          })}
        </p>
      )}
      <section className="card" aria-labelledby="note-form-title">
        <h2 id="note-form-title">{t('notes.add')}</h2>
        {!client && !sessionId ? (
          <p>{t('notes.pickBooking')}</p>
        ) : (
          <Formik
            initialValues={initialValues}
            validationSchema={noteSchema}
            onSubmit={async (values, helpers) => {
              if (!client) return;
              try {
                await add.mutateAsync({ client_id: client, booking_id: sessionId, text: values.text.trim() });
                toast.success(t('notes.saved'));
                helpers.resetForm();
              } catch (error) {
                applyServerErrors(error, helpers.setErrors, ['text'] as const);
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate>
                <TextAreaField name="text" label={t('notes.text')} rows={6} maxLength={NOTE_MAX} required />
                <ActionButton pending={isSubmitting} disabled={!client}>
                  {t('notes.save')}
                </ActionButton>
              </Form>
            )}
          </Formik>
        )}
      </section>
      <section className="card" aria-labelledby={listId}>
        <h2 id={listId}>{t('notes.list')}</h2>
        {notes.isError && <p role="alert">{errorText(notes.error, t('errors.network'))}</p>}
        {notes.data && notes.data.items.length === 0 && <p>{t('notes.none')}</p>}
        {notes.data?.items.map((note) => (
          <article key={note.id} className={styles.row}>
            <p className={styles.zone}>
              <time dateTime={note.at}>{formatDateTime(note.at, i18n.language)}</time>
              {note.booking_id === sessionId && sessionId ? ` · ${t('notes.thisSession')}` : ''}
            </p>
            <p style={{ whiteSpace: 'pre-wrap' }}>{note.text === ERASED ? t('notes.erased') : note.text}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
