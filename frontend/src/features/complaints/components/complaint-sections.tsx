import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComplaintArea, ComplaintDetail, InformationRequest } from '../api/types';
import { AttachmentList } from './attachment-list';
import { ComplaintStatusBadge } from './complaint-status-badge';
import styles from './complaints.module.css';
import { useComplaintText } from './use-complaint-text';

type Common = { detail: ComplaintDetail; area: ComplaintArea; zone: string };

/** Status, type, both parties, the booking (`booking` replaces its date, e.g. with a link), dates, desired outcome. */
export function ComplaintFacts({ detail, zone, booking }: Omit<Common, 'area'> & { booking?: ReactNode }) {
  const { t } = useTranslation();
  const text = useComplaintText(zone);
  return (
    <section className="card" aria-labelledby="complaint-facts">
      <h2 id="complaint-facts">{detail.subject}</h2>
      <dl className={styles.facts}>
        <dt>{t('complaints.detail.status')}</dt>
        <dd>
          <ComplaintStatusBadge status={detail.status} />
          {detail.awaiting_information && <span className={styles.awaiting}>{t('complaints.list.awaiting')}</span>}
        </dd>
        <dt>{t('complaints.detail.type')}</dt>
        <dd>{detail.type.name}</dd>
        <dt>{t('complaints.detail.author')}</dt>
        <dd>{text.party(detail.author)}</dd>
        <dt>{t('complaints.detail.respondent')}</dt>
        <dd>{text.party(detail.respondent)}</dd>
        <dt>{t('complaints.detail.booking')}</dt>
        <dd>{booking ?? (detail.booking ? text.date(detail.booking.start) : t('complaints.list.noBooking'))}</dd>
        <dt>{t('complaints.detail.filed')}</dt>
        <dd>{text.date(detail.filed_at)}</dd>
        {detail.closed_at && (
          <>
            <dt>{t('complaints.detail.closed')}</dt>
            <dd>{text.date(detail.closed_at)}</dd>
          </>
        )}
        <dt>{t('complaints.detail.outcome')}</dt>
        <dd>{detail.desired_outcome ? t(`complaints.outcomes.${detail.desired_outcome}`) : t('complaints.outcomes.none')}</dd>
      </dl>
    </section>
  );
}

/** The author's description and files. */
export function ComplaintDescription({ detail, area }: Omit<Common, 'zone'>) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="complaint-description">
      <h2 id="complaint-description">{t('complaints.detail.description')}</h2>
      <p className={styles.text}>{detail.description}</p>
      <h3>{t('complaints.detail.attachments')}</h3>
      {detail.attachments.length === 0 ? (
        <p className={styles.muted}>{t('complaints.detail.noAttachments')}</p>
      ) : (
        <AttachmentList area={area} complaintId={detail.id} files={detail.attachments} />
      )}
    </section>
  );
}

/** The respondent's statement, or `empty` (e.g. its form) when there is none yet. */
export function ComplaintStatement({ detail, area, zone, empty }: Common & { empty?: ReactNode }) {
  const { t } = useTranslation();
  const text = useComplaintText(zone);
  if (!detail.respondent) return null;
  const statement = detail.statement;
  return (
    <section className="card" aria-labelledby="complaint-statement">
      <h2 id="complaint-statement">{t('complaints.detail.statement')}</h2>
      {statement ? (
        <>
          <p className={styles.muted}>{t('complaints.detail.statementBy', { party: text.party(detail.respondent), date: text.date(statement.at) })}</p>
          <p className={styles.text}>{statement.text}</p>
          <AttachmentList area={area} complaintId={detail.id} files={statement.attachments} />
        </>
      ) : (
        (empty ?? <p className={styles.muted}>{t('complaints.detail.noStatement')}</p>)
      )}
    </section>
  );
}

/** Information requests (a party sees its own only) with their answers; `answerForm` renders under an open one. */
export function ComplaintRequests({
  detail,
  area,
  zone,
  answerForm,
}: Common & { answerForm?: (request: InformationRequest) => ReactNode }) {
  const { t } = useTranslation();
  const text = useComplaintText(zone);
  if (detail.information_requests.length === 0) return null;
  return (
    <section className="card" aria-labelledby="complaint-requests">
      <h2 id="complaint-requests">{t('complaints.detail.requests')}</h2>
      {detail.information_requests.map((request) => (
        <article key={request.id} className={styles.item} aria-label={t('complaints.detail.requestOf', { date: text.date(request.asked_at) })}>
          <p className={styles.muted}>
            {t('complaints.detail.asked', {
              party: t(`complaints.parties.${request.party}`),
              date: text.date(request.asked_at),
            })}
          </p>
          <p className={styles.text}>{request.text}</p>
          {request.answer ? (
            <>
              <p className={styles.muted}>{t('complaints.detail.answered', { date: text.date(request.answer.at) })}</p>
              <p className={styles.text}>{request.answer.text}</p>
              <AttachmentList area={area} complaintId={detail.id} files={request.answer.attachments} />
            </>
          ) : (
            (answerForm?.(request) ?? <p className={styles.muted}>{t('complaints.detail.noAnswer')}</p>)
          )}
        </article>
      ))}
    </section>
  );
}

/** The decision (favour, resolution, refund, suspension) or the dismissal's reason. */
export function ComplaintOutcome({ detail, zone }: Omit<Common, 'area'>) {
  const { t } = useTranslation();
  const text = useComplaintText(zone);
  const { decision, dismissal } = detail;
  if (!decision && !dismissal && detail.status !== 'withdrawn') return null;
  return (
    <section className="card" aria-labelledby="complaint-outcome">
      <h2 id="complaint-outcome">{t('complaints.detail.outcomeTitle')}</h2>
      {decision && (
        <dl className={styles.facts}>
          <dt>{t('complaints.detail.decidedOn')}</dt>
          <dd>{text.date(decision.at)}</dd>
          <dt>{t('complaints.detail.favour')}</dt>
          <dd>{t(`complaints.favours.${decision.favour}`)}</dd>
          <dt>{t('complaints.detail.resolution')}</dt>
          <dd className={styles.text}>{decision.resolution}</dd>
          {decision.refund && (
            <>
              <dt>{t('complaints.detail.refund')}</dt>
              <dd>{text.money(decision.refund)}</dd>
            </>
          )}
          {decision.suspend_consultant && (
            <>
              <dt>{t('complaints.detail.suspension')}</dt>
              <dd>{t('complaints.detail.consultantSuspended')}</dd>
            </>
          )}
        </dl>
      )}
      {dismissal && (
        <dl className={styles.facts}>
          <dt>{t('complaints.detail.dismissedOn')}</dt>
          <dd>{text.date(dismissal.at)}</dd>
          <dt>{t('complaints.detail.reason')}</dt>
          <dd className={styles.text}>{dismissal.reason}</dd>
        </dl>
      )}
      {detail.status === 'withdrawn' && <p>{t('complaints.detail.withdrawnOn', { date: text.date(detail.closed_at) })}</p>}
    </section>
  );
}
