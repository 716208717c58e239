import { useTranslation } from 'react-i18next';
import type { Purchase } from '../api/types';

const downloadHref = (id: string, purchase?: Purchase) =>
  purchase?.download_url ?? `/api/client/digital-products/${encodeURIComponent(id)}/download`;

/** « Télécharger » for a product the client has (the cards, « Mes achats » and the purchase dialog). */
export function DownloadLink({ id, title, purchase }: { id: string; title: string; purchase?: Purchase }) {
  const { t } = useTranslation();
  return (
    <a className="btn btn-small" href={downloadHref(id, purchase)} download aria-label={t('shop.buy.downloadNamed', { title })}>
      {t('shop.buy.download')}
    </a>
  );
}
