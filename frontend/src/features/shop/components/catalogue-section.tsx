import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStatus } from '@/components/ui/list-status';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import { useBenefits, useCatalogue, useCatalogueItem } from '../api/get-catalogue';
import { CATALOGUE_KINDS, inLanguage, type CatalogueCard } from '../api/types';
import listStyles from '@/components/ui/list.module.css';
import styles from './shop.module.css';
import { useShopParams } from './use-shop-params';
import { KindLine } from './kind-line';

// The details dialog (Headless UI's dialog and its portal) loads only when a visitor opens an item.
const loadItemDialog = () => import('./item-dialog');
const ItemDialog = lazy(() => loadItemDialog().then((module) => ({ default: module.ItemDialog })));

type Filters = { search: string; kind: string; benefits: string[] };

/** The filter form: words, one kind, benefit labels; applied on submit (kept in the address). */
function CatalogueFilters({ applied, onApply }: { applied: Filters; onApply: (filters: Filters) => void }) {
  const { t, i18n } = useTranslation();
  const benefits = useBenefits();
  const [draft, setDraft] = useState(applied);
  const [shown, setShown] = useState(applied);
  if (JSON.stringify(shown) !== JSON.stringify(applied)) {
    setShown(applied);
    setDraft(applied);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, search: draft.search.trim() });
  };
  const toggle = (id: string, on: boolean) =>
    setDraft((d) => ({ ...d, benefits: on ? [...d.benefits, id] : d.benefits.filter((b) => b !== id) }));
  return (
    <form role="search" aria-label={t('shop.catalogue.filters')} className={listStyles.search} onSubmit={submit}>
      <label>
        {t('shop.catalogue.search')}
        <input type="search" value={draft.search} onChange={(event) => setDraft({ ...draft, search: event.target.value })} />
      </label>
      <label>
        {t('shop.catalogue.kind')}
        <select value={draft.kind} onChange={(event) => setDraft({ ...draft, kind: event.target.value })}>
          <option value="">{t('shop.catalogue.allKinds')}</option>
          {CATALOGUE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`shop.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      {/* Read before the page's first paint (the route's loader): no room is guessed for them. */}
      {benefits.data && benefits.data.length > 0 && (
        <fieldset className={styles.benefits}>
          <legend>{t('shop.catalogue.benefits')}</legend>
          <div className={styles.checks}>
            {benefits.data.map((benefit) => (
              <label key={benefit.id}>
                <input
                  type="checkbox"
                  checked={draft.benefits.includes(benefit.id)}
                  onChange={(event) => toggle(benefit.id, event.target.checked)}
                />
                {inLanguage(benefit.name_fr, benefit.name_en, i18n.language)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className={styles.actions}>
        <button type="submit" className="btn btn-secondary">
          {t('shop.catalogue.apply')}
        </button>
        {(applied.search || applied.kind || applied.benefits.length > 0) && (
          <button type="button" className="btn btn-secondary" onClick={() => onApply({ search: '', kind: '', benefits: [] })}>
            {t('shop.catalogue.reset')}
          </button>
        )}
      </div>
    </form>
  );
}

/** An item opened from a link (`?item=`): its details once read; an unknown or trashed one leaves the catalogue alone. */
function LinkedItemDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const item = useCatalogueItem(id);
  // The dialog's chunk loads while the item is read.
  useEffect(() => void loadItemDialog(), []);
  return item.data ? <ItemDialog card={item.data} onClose={onClose} /> : null;
}

function ItemCard({ card, onOpen }: { card: CatalogueCard; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const name = inLanguage(card.name_fr, card.name_en, i18n.language);
  return (
    <article className={`card ${styles.card}`}>
      {card.image_url ? (
        <img className={styles.cover} src={card.image_url} alt={name} width={400} height={300} loading="lazy" />
      ) : null}
      <div className={styles.body}>
        <h3 className={styles.title}>{name}</h3>
        <KindLine card={card} />
        {card.benefits.length > 0 && (
          <ul className={styles.chips} aria-label={t('shop.catalogue.benefits')}>
            {card.benefits.map((benefit) => (
              <li key={benefit.id}>{inLanguage(benefit.name_fr, benefit.name_en, i18n.language)}</li>
            ))}
          </ul>
        )}
        <p>{inLanguage(card.excerpt_fr, card.excerpt_en, i18n.language)}</p>
        <div>
          <button type="button" className="btn btn-secondary btn-small" onClick={onOpen} aria-label={t('shop.detailsOf', { name })}>
            {t('shop.details')}
          </button>
        </div>
      </div>
    </article>
  );
}

/** « Catalogue ayurvédique »: cards filtered by words, kind and benefit labels, in pages. */
export function CatalogueSection() {
  const { t } = useTranslation();
  const params = useShopParams();
  const list = useCatalogue({ search: params.search, kind: params.kind, benefits: params.benefits, page: params.page });
  const [open, setOpen] = useState<CatalogueCard | null>(null);
  const data = list.data;
  return (
    <section className={styles.section} aria-labelledby="catalogue-title">
      <h2 id="catalogue-title">{t('shop.catalogue.title')}</h2>
      <CatalogueFilters
        applied={{ search: params.search, kind: params.kind, benefits: params.benefits }}
        onApply={params.filter}
      />
      <ListStatus list={list} totalText={(count) => t('shop.catalogue.total', { count })} />
      {data && data.items.length > 0 && (
        <ul className={styles.grid}>
          {data.items.map((card) => (
            <li key={card.id}>
              <ItemCard card={card} onOpen={() => setOpen(card)} />
            </li>
          ))}
        </ul>
      )}
      {data && data.items.length === 0 && <p>{t('shop.catalogue.empty')}</p>}
      {data && <Pagination page={params.page} pageCount={pageCountOf(data)} onPage={params.goToPage} />}
      {/* Shown once its chunk is loaded (nothing while it loads): focus then moves into it as before. */}
      <Suspense fallback={null}>
        {open && <ItemDialog card={open} onClose={() => setOpen(null)} />}
        {!open && params.item && <LinkedItemDialog id={params.item} onClose={params.closeItem} />}
      </Suspense>
    </section>
  );
}
