/** Types of the lifestyle catalogue's and the digital products' HTTP contract (docs/api.md, issue 13). */

export type Money = { amount_minor: number; currency: string };
export type ListPage<T> = { items: T[]; total: number; page: number; page_size: number };

export const CATALOGUE_KINDS = ['single_herb', 'herb', 'compilation'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

export type Benefit = { id: string; name_fr: string; name_en: string };

/** A card of `GET /api/public/lifestyle-products`. */
export type CatalogueCard = {
  id: string;
  kind: CatalogueKind;
  name_fr: string;
  name_en: string;
  latin_name: string;
  excerpt_fr: string;
  excerpt_en: string;
  benefits: Benefit[];
  image_url: string | null;
};

/** `GET /api/public/lifestyle-products/{id}` (`html_*` sanitised by the server). */
export type CatalogueItem = CatalogueCard & {
  description_fr: string;
  description_en: string;
  html_fr: string;
  html_en: string;
  trashed: boolean;
  updated_at: string;
};

/** A card of `GET /api/public/digital-products`. */
export type ProductCard = {
  id: string;
  title_fr: string;
  title_en: string;
  excerpt_fr: string;
  excerpt_en: string;
  price: Money;
  free: boolean;
  cover_url: string | null;
};

/** `GET /api/{public,admin-panel}/digital-products/{id}`: `file`, `file_url`, `sales` for administrators only. */
export type Product = ProductCard & {
  description_fr: string;
  description_en: string;
  html_fr: string;
  html_en: string;
  trashed: boolean;
  updated_at: string;
  file: string | null;
  file_url: string | null;
  sales: number | null;
};

/** A row of `GET /api/client/digital-products`. */
export type Purchase = ProductCard & { paid: Money; purchased_at: string; download_url: string };

/** `DigitalProductBody`. */
export type ProductBody = {
  title_fr: string;
  title_en: string;
  description_fr: string;
  description_en: string;
  price_minor: number;
  currency: string;
  file: string;
  cover: string;
};

/** The text of the reading language: English when asked and given, French otherwise. */
export const inLanguage = (fr: string, en: string, language: string) => (language === 'en' && en ? en : fr);
