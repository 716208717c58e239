import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import prose from '@/components/ui/prose.module.css';
import { useCatalogueItem } from '../api/get-catalogue';
import { inLanguage, type CatalogueCard } from '../api/types';
import styles from './shop.module.css';

/**
 * An item's details: its sanitised description (as the blog renders it). Its own chunk (with the
 * dialog's): loaded by `catalogue-section` when a visitor opens an item.
 */
export function ItemDialog({ card, onClose }: { card: CatalogueCard; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const item = useCatalogueItem(card.id);
  const language = i18n.language === 'en' ? 'en' : 'fr';
  return (
    <Dialog title={inLanguage(card.name_fr, card.name_en, language)} onClose={onClose} wide>
      {card.latin_name && (
        <p className={styles.muted}>
          <i lang="la">{card.latin_name}</i> · {t(`shop.kinds.${card.kind}`)}
        </p>
      )}
      {item.isPending && <p role="status">{t('common.loading')}</p>}
      {item.isError && <p role="alert">{t('shop.detailsFailed')}</p>}
      {item.data && (
        <div
          className={prose.prose}
          lang={language === 'en' && item.data.description_en ? 'en' : 'fr'}
          dangerouslySetInnerHTML={{ __html: language === 'en' ? item.data.html_en : item.data.html_fr }}
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
