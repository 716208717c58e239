import { useTranslation } from 'react-i18next';
import type { CatalogueCard } from '../api/types';
import styles from './shop.module.css';

/** « Ocimum sanctum · Plante seule »: an item's latin name (when it has one) and kind. */
export function KindLine({ card }: { card: Pick<CatalogueCard, 'latin_name' | 'kind'> }) {
  const { t } = useTranslation();
  return (
    <p className={styles.muted}>
      {card.latin_name && (
        <>
          <i lang="la">{card.latin_name}</i> ·{' '}
        </>
      )}
      {t(`shop.kinds.${card.kind}`)}
    </p>
  );
}
