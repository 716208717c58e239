import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { ActionButton } from '@/components/ui/action-button';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/toast';
import { useConfirmNewsletter, useUnsubscribeNewsletter } from '../api/newsletter-link';
import { NewsletterForm } from './newsletter-form';
import styles from './newsletter.module.css';

/**
 * `/newsletter/confirm/:key/:token` (the confirmation mail's link): confirms on opening (the link is the
 * person's consent; twice is fine), then says so, or why not with the form to subscribe again.
 */
export function NewsletterConfirmPage() {
  const { t } = useTranslation();
  const { key = '', token = '' } = useParams();
  const link = useMemo(() => ({ key, token }), [key, token]);
  const confirm = useConfirmNewsletter();
  const sent = useRef('');
  const { mutate } = confirm;

  useEffect(() => {
    // Once per link (React's development double effects, a re-render).
    const id = `${link.key}/${link.token}`;
    if (sent.current === id) return;
    sent.current = id;
    mutate(link);
  }, [link, mutate]);

  return (
    <div className={`container stack ${styles.page}`}>
      <PageTitle>{t('newsletter.confirm.title')}</PageTitle>
      <div role="status" aria-live="polite">
        {confirm.isPending || confirm.isIdle ? (
          <p>{t('newsletter.confirm.pending')}</p>
        ) : confirm.isSuccess ? (
          <p className={styles.done}>{t('newsletter.confirm.done')}</p>
        ) : null}
      </div>
      {confirm.isSuccess && (
        <p>
          <Link to={paths.home.getHref()}>{t('lists.backHome')}</Link>
        </p>
      )}
      {confirm.isError && (
        <>
          <p role="alert">{errorText(confirm.error, t('errors.network'))}</p>
          <h2>{t('newsletter.confirm.again')}</h2>
          <NewsletterForm label={t('newsletter.confirm.again')} />
        </>
      )}
    </div>
  );
}

/**
 * `/newsletter/unsubscribe/:key/:token` (every newsletter mail's link): nothing happens on opening (mail
 * scanners follow links); « Me désinscrire » erases the address.
 */
export function NewsletterUnsubscribePage() {
  const { t } = useTranslation();
  const { key = '', token = '' } = useParams();
  const unsubscribe = useUnsubscribeNewsletter();

  return (
    <div className={`container stack ${styles.page}`}>
      <PageTitle>{t('newsletter.unsubscribe.title')}</PageTitle>
      <div role="status" aria-live="polite">
        {unsubscribe.isSuccess && <p className={styles.done}>{t('newsletter.unsubscribe.done')}</p>}
      </div>
      {unsubscribe.isError && <p role="alert">{errorText(unsubscribe.error, t('errors.network'))}</p>}
      {unsubscribe.isSuccess ? (
        <p>
          <Link to={paths.home.getHref()}>{t('lists.backHome')}</Link>
        </p>
      ) : (
        <>
          <p>{t('newsletter.unsubscribe.text')}</p>
          <div>
            <ActionButton
              type="button"
              pending={unsubscribe.isPending}
              pendingLabel={t('newsletter.unsubscribe.sending')}
              onClick={() => unsubscribe.mutate({ key, token })}
            >
              {t('newsletter.unsubscribe.submit')}
            </ActionButton>
          </div>
        </>
      )}
    </div>
  );
}
