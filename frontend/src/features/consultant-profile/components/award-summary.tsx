import { useTranslation } from 'react-i18next';
import { fileHref } from '@/components/form/file-upload';
import type { Certificate, Degree } from '../api/profile';

/** School, year, (number,) and a link to the attachment of one degree or certificate. */
export function AwardSummary({ entry }: { entry: Degree | Certificate }) {
  const { t } = useTranslation();
  const number = 'number' in entry ? entry.number : null;
  return (
    <p>
      {entry.school} · {entry.year}
      {number && ` · ${t('consultantProfile.certificate.numberShort', { number })}`}
      {entry.attachment && (
        <>
          {' · '}
          <a
            href={fileHref('consultant', entry.attachment.key)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${t('consultantProfile.file.view')} ${entry.name} ${t('common.newWindow')}`}
          >
            {t('consultantProfile.file.view')}
          </a>
        </>
      )}
    </p>
  );
}
