import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { errorText } from '@/lib/toast';
import { useHistory, type HistoryEntry, type HistoryKind } from '../api/get-history';
import { humanize } from './humanize';
import styles from './history.module.css';

type Props = {
  kind: HistoryKind;
  id: string;
  /** Changes when the entity changes on screen, so the trail follows. */
  version?: string;
};

/**
 * The administrators' audit trail of a complaint, booking, consultant or client: every event, oldest first,
 * as a sentence, with when, who (name and role) and the names of the fields it set (never their values).
 */
export function HistoryTimeline({ kind, id, version }: Props) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const query = useHistory(kind, id, version);
  const items = query.data;
  // An entity the trail does not know (yet): nothing to show.
  if (query.isError && isApiError(query.error) && query.error.status === 404) return null;

  const who = (entry: HistoryEntry) => {
    const role = entry.actor?.role ?? 'system';
    const roleText = t(`audit.roles.${role}`, { defaultValue: humanize(role) });
    if (!entry.actor) return t('audit.bySystem');
    const name = entry.actor.name === '[erased]' ? t('audit.erased') : entry.actor.name;
    return name ? t('audit.by', { name, role: roleText }) : t('audit.byRole', { role: roleText });
  };
  const fields = (entry: HistoryEntry) =>
    entry.changes.map((field) => t(`audit.fields.${field}`, { defaultValue: humanize(field) })).join(', ');

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('audit.title')}</h2>
      {!items &&
        (query.isError ? (
          <p role="alert">{errorText(query.error, t('errors.network'))}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        ))}
      {items && items.length === 0 && <p>{t('audit.none')}</p>}
      {items && items.length > 0 && (
        <ol className={styles.timeline}>
          {items.map((entry, index) => (
            <li key={`${entry.at}-${entry.event_type}-${index}`}>
              <span className={styles.event}>
                {t(`audit.events.${entry.event_type}`, { defaultValue: humanize(entry.event_type) })}
              </span>
              <br />
              <span className={styles.meta}>
                <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time> · {who(entry)}
              </span>
              {entry.changes.length > 0 && <p className={styles.changes}>{t('audit.changed', { fields: fields(entry) })}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
