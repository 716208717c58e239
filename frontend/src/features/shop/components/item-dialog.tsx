import { useTranslation } from 'react-i18next';
import { useCatalogueItem } from '../api/get-catalogue';
import { inLanguage, type CatalogueCard } from '../api/types';
import { DescriptionDialog } from './description-dialog';
import { KindLine } from './kind-line';

/**
 * An item's details: its sanitised description (as the blog renders it). Its own chunk (with the
 * dialog's): loaded by `catalogue-section` when a visitor opens an item.
 */
export function ItemDialog({ card, onClose }: { card: CatalogueCard; onClose: () => void }) {
  const { i18n } = useTranslation();
  const item = useCatalogueItem(card.id);
  return (
    <DescriptionDialog
      title={inLanguage(card.name_fr, card.name_en, i18n.language === 'en' ? 'en' : 'fr')}
      intro={<KindLine card={card} />}
      details={item}
      onClose={onClose}
    />
  );
}
