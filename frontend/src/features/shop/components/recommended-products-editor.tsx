import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layouts/page-title';
import { ListStatus } from '@/components/ui/list-status';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import { SearchForm } from '@/components/ui/search-form';
import { ActionButton } from '@/components/ui/action-button';
import { settle } from '@/lib/action-feedback';
import { isApiError } from '@/lib/api-error';
import { errorText, toast } from '@/lib/toast';
import { useCatalogue } from '../api/get-catalogue';
import { MAX_RECOMMENDATIONS, useMyRecommendations, useSaveRecommendations } from '../api/recommended-products';
import { inLanguage, type CatalogueCard } from '../api/types';
import styles from './recommended-products.module.css';

const MAX = MAX_RECOMMENDATIONS;

/** What gets the focus once the list changed: a row's button (`{id}:{action}`), `heading` (the selection's), or nothing. */
type FocusTarget = string | null;

function Name({ card, language }: { card: CatalogueCard; language: string }) {
  return (
    <span className={styles.name}>
      {inLanguage(card.name_fr, card.name_en, language)}
      {card.latin_name && (
        <i className={styles.latin} lang="la">
          {card.latin_name}
        </i>
      )}
    </span>
  );
}

/** The catalogue's cards, searched by words, each with its « Ajouter » button. */
function CataloguePicker({ chosenIds, onAdd }: { chosenIds: readonly string[]; onAdd: (card: CatalogueCard) => void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useCatalogue({ search, kind: '', benefits: [], page });
  const full = chosenIds.length >= MAX;
  const items = list.data?.items ?? [];
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('recommendedProducts.catalogue')}</h2>
      <SearchForm
        value={search}
        label={t('recommendedProducts.search')}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      {full && <p className={styles.hint}>{t('recommendedProducts.full', { max: MAX })}</p>}
      <ListStatus list={list} totalText={(count) => t('recommendedProducts.total', { count })} />
      {items.length > 0 && (
        <ul className={styles.rows} aria-labelledby={headingId}>
          {items.map((card) => {
            const name = inLanguage(card.name_fr, card.name_en, i18n.language);
            const taken = chosenIds.includes(card.id);
            const blocked = taken || full;
            return (
              <li key={card.id}>
                <Name card={card} language={i18n.language} />
                <span className={styles.actions}>
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    aria-disabled={blocked || undefined}
                    onClick={() => {
                      if (!blocked) onAdd(card);
                    }}
                  >
                    {t(taken ? 'recommendedProducts.chosen' : 'recommendedProducts.add')}{' '}
                    <span className="visually-hidden">{name}</span>
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {list.data && items.length === 0 && <p>{t('recommendedProducts.noResults')}</p>}
      {list.data && <Pagination page={page} pageCount={pageCountOf(list.data)} onPage={setPage} />}
    </section>
  );
}

/** The chosen products in order (move up, move down, remove), saved together. */
function Editor({ initial, savedIds }: { initial: CatalogueCard[]; savedIds: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const save = useSaveRecommendations();
  const [chosen, setChosen] = useState(initial);
  const [announcement, setAnnouncement] = useState('');
  const [fieldError, setFieldError] = useState('');
  const focusTarget = useRef<FocusTarget>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const headingId = useId();
  const errorId = useId();
  const ids = chosen.map((card) => card.id);
  const dirty = ids.join() !== savedIds.join();
  const nameOf = (card: CatalogueCard) => inLanguage(card.name_fr, card.name_en, i18n.language);

  // Rows move and leave: the focus follows the row (or the heading once the list is empty).
  useEffect(() => {
    const target = focusTarget.current;
    focusTarget.current = null;
    if (target === 'heading') headingRef.current?.focus();
    else if (target)
      [...(listRef.current?.querySelectorAll<HTMLElement>('[data-focus]') ?? [])]
        .find((button) => button.dataset.focus === target)
        ?.focus();
  }, [chosen]);

  const change = (next: CatalogueCard[], message: string, focus: FocusTarget) => {
    setChosen(next);
    setAnnouncement(message);
    setFieldError('');
    focusTarget.current = focus;
  };

  const add = (card: CatalogueCard) => {
    if (ids.includes(card.id) || chosen.length >= MAX) return;
    change([...chosen, card], t('recommendedProducts.added', { name: nameOf(card) }), null);
  };

  const move = (index: number, step: -1 | 1) => {
    const to = index + step;
    const next = [...chosen];
    [next[index], next[to]] = [next[to], next[index]];
    const card = chosen[index];
    // The same button while it can still act; at either end, the other one.
    const action = step === -1 ? (to === 0 ? 'down' : 'up') : to === chosen.length - 1 ? 'up' : 'down';
    change(
      next,
      t('recommendedProducts.moved', { name: nameOf(card), position: to + 1, total: chosen.length }),
      `${card.id}:${action}`,
    );
  };

  const remove = (index: number) => {
    const card = chosen[index];
    const next = chosen.filter((_, i) => i !== index);
    const neighbour = next[index] ?? next[index - 1];
    change(next, t('recommendedProducts.removed', { name: nameOf(card) }), neighbour ? `${neighbour.id}:remove` : 'heading');
  };

  const onSave = () => {
    setFieldError('');
    // The success is the mutation's own message; the server's field error (`item_ids`, in the reader's
    // language) is shown by the list, anything else as an alert.
    settle(save.mutateAsync(ids), {
      onError: (error) => {
        const message = isApiError(error) ? error.fields.item_ids : undefined;
        if (message) setFieldError(message);
        else toast.error(errorText(error, t('errors.network')));
      },
    });
  };

  return (
    <div className={styles.columns}>
      <section className="card" aria-labelledby={headingId}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          {t('recommendedProducts.selection')}
        </h2>
        <p className={styles.hint}>{t('recommendedProducts.count', { count: chosen.length, max: MAX })}</p>
        {chosen.length === 0 ? (
          <p>{t('recommendedProducts.empty')}</p>
        ) : (
          <ol
            ref={listRef}
            className={`${styles.rows} ${styles.chosen}`}
            aria-labelledby={headingId}
            aria-describedby={fieldError ? errorId : undefined}
          >
            {chosen.map((card, index) => {
              const name = nameOf(card);
              return (
                <li key={card.id}>
                  <Name card={card} language={i18n.language} />
                  <span className={styles.actions}>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      data-focus={`${card.id}:up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      {t('recommendedProducts.moveUp')}{' '}
                      <span className="visually-hidden">{name}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      data-focus={`${card.id}:down`}
                      disabled={index === chosen.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      {t('recommendedProducts.moveDown')}{' '}
                      <span className="visually-hidden">{name}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      data-focus={`${card.id}:remove`}
                      onClick={() => remove(index)}
                    >
                      {t('recommendedProducts.remove')}{' '}
                      <span className="visually-hidden">{name}</span>
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
        {fieldError && (
          <p id={errorId} role="alert" className={styles.error}>
            {fieldError}
          </p>
        )}
        {dirty && <p className={styles.hint}>{t('recommendedProducts.unsaved')}</p>}
        <div>
          <ActionButton type="button" pending={save.isPending} pendingLabel={t('recommendedProducts.saving')} onClick={onSave}>
            {t('recommendedProducts.save')}
          </ActionButton>
        </div>
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
      </section>
      <CataloguePicker chosenIds={ids} onAdd={add} />
    </div>
  );
}

/**
 * Ours (issue 13) `/consultant/recommended-products`: the products of the Ayurvedic catalogue the expert
 * recommends on their public page, at most 12, in their order.
 */
export function RecommendedProductsPage() {
  const { t } = useTranslation();
  const mine = useMyRecommendations();
  return (
    <div className="stack">
      <PageTitle>{t('recommendedProducts.title')}</PageTitle>
      <p>{t('recommendedProducts.intro', { max: MAX })}</p>
      {mine.isPending && <p role="status">{t('common.loading')}</p>}
      {mine.isError && !mine.data && <p role="alert">{errorText(mine.error, t('errors.network'))}</p>}
      {mine.data && <Editor initial={mine.data} savedIds={mine.data.map((card) => card.id)} />}
    </div>
  );
}
