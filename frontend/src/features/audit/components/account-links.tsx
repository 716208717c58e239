import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

type Props = { role: 'client' | 'consultant'; id: string; name: string };

const withQuery = (href: string, query: Record<string, string>) => `${href}?${new URLSearchParams(query).toString()}`;

/** An account's way to all its bookings and complaints (the admin lists, filtered on it). */
export function AccountLinks({ role, id, name }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const party = { party_id: id, party: name };
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('audit.links.title')}</h2>
      <ul>
        <li>
          <Link to={withQuery(paths.admin.allBooking.getHref(), { [`${role}_id`]: id, [role]: name })}>
            {t('audit.links.bookings', { name })}
          </Link>
        </li>
        <li>
          <Link to={withQuery(paths.admin.complaints.client.getHref(), party)}>{t('audit.links.clientComplaints', { name })}</Link>
        </li>
        <li>
          <Link to={withQuery(paths.admin.complaints.consultant.getHref(), party)}>
            {t('audit.links.consultantComplaints', { name })}
          </Link>
        </li>
      </ul>
    </section>
  );
}
