import { useTranslation } from 'react-i18next';
import { attachmentHref, type Attachment, type ComplaintArea } from '../api/types';
import styles from './complaints.module.css';

const size = (bytes: number, language: string) => {
  const mib = bytes >= 1024 * 1024;
  const value = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: 1 }).format(
    mib ? bytes / (1024 * 1024) : bytes / 1024,
  );
  return `${value} ${mib ? 'MB' : 'KB'}`;
};

/** Download links of a complaint's files (`/api/{area}/complaints/{id}/files/{key}`). */
export function AttachmentList({ area, complaintId, files }: { area: ComplaintArea; complaintId: string; files: Attachment[] }) {
  const { t, i18n } = useTranslation();
  if (files.length === 0) return null;
  return (
    <ul className={styles.files} aria-label={t('complaints.detail.attachments')}>
      {files.map((file) => (
        <li key={file.key}>
          <a href={attachmentHref(area, complaintId, file.key)} download={file.name}>
            {t('complaints.detail.download', { name: file.name })}
          </a>
          <span className={styles.muted}>({size(file.size, i18n.language)})</span>
        </li>
      ))}
    </ul>
  );
}
