import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { errorText } from '@/lib/toast';
import { useViewerZone } from '@/lib/viewer-zone';
import { useComplaint } from '../api/get-complaint';
import { isOpen, type ComplaintDetail } from '../api/types';
import { reportActionError } from './action-error';
import { DecideForm, DismissForm, RequestInformationForm, StartReviewButton } from './admin-actions';
import { ComplaintDescription, ComplaintFacts, ComplaintOutcome, ComplaintRequests, ComplaintStatement } from './complaint-sections';
import { useComplaintText } from './use-complaint-text';
import styles from './complaints.module.css';

type Props = {
  id: string;
  /** The complaint's history (audit trail), given the current detail so it follows each step. */
  history?: (detail: ComplaintDetail) => ReactNode;
};

/**
 * spec §2 admin `edit-complaint/{id}`: the whole complaint (both parties, booking, files, statement, requests
 * and answers), then what can be done in its status: start the review, ask a party, decide (favour, resolution,
 * refund up to what remains refundable, suspension of the consultant) or dismiss. A refusal because another
 * administrator acted first shows the server's reason and the current state.
 */
export function AdminComplaintPage({ id, history }: Props) {
  const { t } = useTranslation();
  const query = useComplaint('admin-panel', id);
  const zone = useViewerZone('admin');
  const text = useComplaintText(zone);
  const [refusal, setRefusal] = useState<string | null>(null);
  const detail = query.data;
  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFoundPage />;
  const onRefused = (error: unknown) => {
    setRefusal(errorText(error, t('errors.network')));
    reportActionError(error, () => query.refetch());
  };
  const back = detail?.author.role === 'consultant' ? paths.admin.complaints.consultant : paths.admin.complaints.client;

  return (
    <div className="stack">
      <PageTitle>{t('complaints.titles.adminDetail')}</PageTitle>
      <p>
        <Link to={back.getHref()}>{t('complaints.admin.back')}</Link>
      </p>
      {!detail &&
        (query.isError ? (
          <p role="alert">{errorText(query.error, t('errors.network'))}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        ))}
      {detail && (
        <>
          {refusal && (
            <p className={styles.refusal} role="alert">
              {refusal}
            </p>
          )}
          <ComplaintFacts
            detail={detail}
            zone={zone}
            booking={
              detail.booking ? (
                <Link to={paths.admin.bookingDetail.getHref(detail.booking.id)}>
                  {t('complaints.admin.bookingLink', { date: text.date(detail.booking.start) })}
                </Link>
              ) : undefined
            }
          />
          <ComplaintDescription detail={detail} area="admin-panel" />
          <ComplaintStatement detail={detail} area="admin-panel" zone={zone} />
          <ComplaintRequests detail={detail} area="admin-panel" zone={zone} />
          <ComplaintOutcome detail={detail} zone={zone} />
          {isOpen(detail.status) && (
            <>
              {detail.status === 'submitted' && (
                <section className="card" aria-labelledby="complaint-review">
                  <h2 id="complaint-review">{t('complaints.admin.reviewTitle')}</h2>
                  <p>{t('complaints.admin.reviewIntro')}</p>
                  <StartReviewButton detail={detail} onRefused={onRefused} />
                </section>
              )}
              <RequestInformationForm key={`ask-${detail.updated_at}`} detail={detail} onRefused={onRefused} />
              <DecideForm detail={detail} zone={zone} onRefused={onRefused} />
              <DismissForm detail={detail} onRefused={onRefused} />
            </>
          )}
          {history?.(detail)}
        </>
      )}
    </div>
  );
}
