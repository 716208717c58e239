import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { errorText } from '@/lib/toast';
import { useViewerZone } from '@/lib/viewer-zone';
import { useComplaint } from '../api/get-complaint';
import type { PartyArea } from '../api/types';
import { ComplaintDescription, ComplaintFacts, ComplaintOutcome, ComplaintRequests, ComplaintStatement } from './complaint-sections';
import styles from './complaints.module.css';
import { AnswerForm, StatementForm, WithdrawButton } from './party-actions';

/**
 * A party's complaint page (our `complaint/{id}`): the complaint, its files, the statement, the
 * questions addressed to the caller, the outcome; the author may withdraw it while open, the
 * respondent may submit one statement, either answers an open question.
 */
export function PartyComplaintPage({ area, id }: { area: PartyArea; id: string }) {
  const { t } = useTranslation();
  const query = useComplaint(area, id);
  const session = useSession(area);
  const zone = useViewerZone(area);
  const detail = query.data;
  const refetch = () => query.refetch();
  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFoundPage />;
  const mine = detail && session.data ? detail.author.id === session.data.account_id : true;
  const back = mine ? paths[area].complaintsByMe : paths[area].complaintsAgainst;
  const answerId = detail?.can.answer_request_id ?? null;

  return (
    <div className="stack">
      <PageTitle>{t('complaints.titles.detail')}</PageTitle>
      <p>
        <Link to={back.getHref()}>{t(mine ? 'complaints.detail.backByMe' : 'complaints.detail.backAgainst')}</Link>
      </p>
      {!detail &&
        (query.isError ? (
          <p role="alert">{errorText(query.error, t('errors.network'))}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        ))}
      {detail && (
        <>
          {answerId && (
            <p className={styles.notice} role="status">
              {t('complaints.detail.awaitingYou')}
            </p>
          )}
          <ComplaintFacts detail={detail} zone={zone} />
          {detail.can.withdraw && (
            <div className={styles.actions}>
              <WithdrawButton area={area} id={id} refetch={refetch} />
            </div>
          )}
          <ComplaintDescription detail={detail} area={area} />
          <ComplaintStatement
            detail={detail}
            area={area}
            zone={zone}
            empty={detail.can.statement ? <StatementForm area={area} id={id} refetch={refetch} /> : undefined}
          />
          <ComplaintRequests
            detail={detail}
            area={area}
            zone={zone}
            answerForm={(request) =>
              request.id === answerId ? <AnswerForm area={area} id={id} requestId={request.id} refetch={refetch} /> : undefined
            }
          />
          <ComplaintOutcome detail={detail} zone={zone} />
        </>
      )}
    </div>
  );
}
