import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import prose from '@/components/ui/prose.module.css';

/** What a catalogue item and a digital product both have: a sanitised description per language. */
type Described = { description_en: string; html_fr: string; html_en: string };

/** A dialog with `title`, `intro` and the described thing's sanitised description (as the blog renders it). */
export function DescriptionDialog({
  title,
  intro,
  details,
  onClose,
}: {
  title: string;
  intro?: ReactNode;
  details: UseQueryResult<Described>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  return (
    <Dialog title={title} onClose={onClose} wide>
      {intro}
      {details.isPending && <p role="status">{t('common.loading')}</p>}
      {details.isError && <p role="alert">{t('shop.detailsFailed')}</p>}
      {details.data && (
        <div
          className={prose.prose}
          lang={english && details.data.description_en ? 'en' : 'fr'}
          dangerouslySetInnerHTML={{ __html: english ? details.data.html_en : details.data.html_fr }}
        />
      )}
      <DialogActions>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('shop.close')}
        </button>
      </DialogActions>
    </Dialog>
  );
}
