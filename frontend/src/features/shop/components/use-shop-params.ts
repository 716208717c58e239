import { useSearchParams } from 'react-router';

const readPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/**
 * The catalogue's filters and both sections' pages, kept in the address (`?q=&kind=&benefits=&page=&products_page=`),
 * and `?item=`, an item whose details open on arrival (links from an expert's recommended products).
 */
export const readShopParams = (params: URLSearchParams) => ({
  search: params.get('q') ?? '',
  kind: params.get('kind') ?? '',
  benefits: (params.get('benefits') ?? '').split(',').filter(Boolean),
  page: readPage(params.get('page')),
  productsPage: readPage(params.get('products_page')),
  item: params.get('item') ?? '',
});

/** The address's shop parameters, with the setters that change them. */
export const useShopParams = () => {
  const [params, setParams] = useSearchParams();
  const { search, kind, benefits, page, productsPage, item } = readShopParams(params);

  const update = (change: (next: URLSearchParams) => void, replace = false) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { preventScrollReset: true, replace });
  };
  const set = (next: URLSearchParams, key: string, value: string) => (value ? next.set(key, value) : next.delete(key));

  /** New filters start the catalogue at page 1. */
  const filter = (values: { search: string; kind: string; benefits: string[] }) =>
    update((next) => {
      set(next, 'q', values.search);
      set(next, 'kind', values.kind);
      set(next, 'benefits', values.benefits.join(','));
      next.delete('page');
    });
  const goToPage = (value: number) => update((next) => set(next, 'page', value > 1 ? String(value) : ''));
  const goToProductsPage = (value: number) => update((next) => set(next, 'products_page', value > 1 ? String(value) : ''));
  /** Closing the linked item's details: the address forgets it (Back does not open it again). */
  const closeItem = () => update((next) => next.delete('item'), true);

  return { search, kind, benefits, page, productsPage, item, filter, goToPage, goToProductsPage, closeItem };
};
