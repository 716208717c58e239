import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { inLanguage, type CatalogueCard } from '../api/types';
import styles from './expert-recommendations.module.css';
import { KindLine } from './kind-line';

/** Sizes of a card's picture, given to the image so its box is kept before it arrives. */
const IMAGE_WIDTH = 96;
const IMAGE_HEIGHT = 72;

/** Where an item is read: the lifestyle page with its details open (`?item=`). */
const catalogueItemHref = (id: string) => `${paths.lifestyleProduct.getHref()}?item=${encodeURIComponent(id)}`;

/** « Produits recommandés » on an expert's page: the catalogue's cards the expert chose, in their order. */
export function ExpertRecommendations({ items }: { items: readonly CatalogueCard[] }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('shop.recommended.title')}</h2>
      <ul className={styles.grid}>
        {items.map((card) => {
          const name = inLanguage(card.name_fr, card.name_en, i18n.language);
          return (
            <li key={card.id} className={styles.item}>
              {card.image_url && (
                <img
                  className={styles.image}
                  src={card.image_url}
                  alt=""
                  width={IMAGE_WIDTH}
                  height={IMAGE_HEIGHT}
                  loading="lazy"
                  decoding="async"
                />
              )}
              <div className={styles.text}>
                <h3 className={styles.name}>
                  <Link to={catalogueItemHref(card.id)}>{name}</Link>
                </h3>
                <KindLine card={card} />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
