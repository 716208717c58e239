import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListStatus } from '@/components/ui/list-status';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import { SearchForm } from '@/components/ui/search-form';
import { paths } from '@/config/paths';
import type { ExpertCard as Expert } from '@/lib/expert-card';
import { usePublicReferenceItems, type PublicReferenceItem } from '@/lib/public-reference';
import { useExperts } from '../api/get-experts';
import { ExpertCard } from './expert-card';
import { FilterSelect } from './filter-select';
import { FILTER_LISTS, useDirectoryFilters, type ListFilter } from './use-directory-filters';
import styles from './directory.module.css';

type Props = {
  /** The optional `/our-experts/{search}` segment. */
  searchParam?: string;
  /** The favourite toggle of a card, composed by the app. */
  renderFavourite?: (expert: Expert) => ReactNode;
  /** The speciality's waiting list, composed by the app, when exactly one speciality is chosen. */
  renderSpecialityWaitingList?: (speciality: PublicReferenceItem) => ReactNode;
};

const byCode = (item: PublicReferenceItem) => item.code ?? item.id;

/**
 * spec §2 `/our-experts/:search?` below its title: approved experts, free text search, five
 * filters, pages of 12.
 */
export function DirectorySearch({ searchParam, renderFavourite, renderSpecialityWaitingList }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filters, setSearch, setList, setPage, clear } = useDirectoryFilters(searchParam);
  const experts = useExperts(filters);
  const lists = {
    specialization: usePublicReferenceItems(FILTER_LISTS.specialization),
    disorders: usePublicReferenceItems(FILTER_LISTS.disorders),
    objectives: usePublicReferenceItems(FILTER_LISTS.objectives),
    keywords: usePublicReferenceItems(FILTER_LISTS.keywords),
    languages: usePublicReferenceItems(FILTER_LISTS.languages),
  } satisfies Record<ListFilter, unknown>;
  const data = experts.data;
  const filtered =
    filters.search !== '' || (Object.keys(lists) as ListFilter[]).some((key) => filters[key].length > 0);

  const onSearch = (value: string) => {
    setSearch(value);
    // The address carries the search, so it can be shared; the stored filters remember it too.
    if (searchParam !== undefined || value) void navigate(paths.ourExperts.getHref(value || undefined), { replace: true });
  };

  const onClear = () => {
    clear();
    if (searchParam !== undefined) void navigate(paths.ourExperts.getHref(), { replace: true });
  };

  const onPage = (page: number) => {
    setPage(page);
    document.getElementById('experts-results')?.scrollIntoView({ block: 'start' });
  };

  const onlySpeciality =
    filters.specialization.length === 1
      ? lists.specialization.data?.find((item) => item.id === filters.specialization[0])
      : undefined;

  return (
    <>
      <section aria-labelledby="experts-filters" className={`card ${styles.filters}`}>
        <h2 id="experts-filters" className="visually-hidden">
          {t('directory.filtersHeading')}
        </h2>
        <SearchForm value={filters.search} onSearch={onSearch} label={t('directory.search')} />
        <div className={styles.filterRow}>
          <FilterSelect
            label={t('directory.filters.specialization')}
            items={lists.specialization.data}
            selected={filters.specialization}
            onChange={(values) => setList('specialization', values)}
          />
          <FilterSelect
            label={t('directory.filters.disorders')}
            items={lists.disorders.data}
            selected={filters.disorders}
            onChange={(values) => setList('disorders', values)}
          />
          <FilterSelect
            label={t('directory.filters.objectives')}
            items={lists.objectives.data}
            selected={filters.objectives}
            onChange={(values) => setList('objectives', values)}
          />
          <FilterSelect
            label={t('directory.filters.keywords')}
            items={lists.keywords.data}
            selected={filters.keywords}
            onChange={(values) => setList('keywords', values)}
          />
          <FilterSelect
            label={t('directory.filters.languages')}
            items={lists.languages.data}
            selected={filters.languages}
            valueFor={byCode}
            onChange={(values) => setList('languages', values)}
          />
          {filtered && (
            <button type="button" className="btn btn-secondary btn-small" onClick={onClear}>
              {t('directory.clear')}
            </button>
          )}
        </div>
      </section>

      <section id="experts-results" aria-labelledby="experts-results-heading" className={styles.results}>
        <h2 id="experts-results-heading" className="visually-hidden">
          {t('directory.resultsHeading')}
        </h2>
        <ListStatus list={experts} totalText={(count) => t('directory.total', { count })} />
        {data && data.items.length === 0 && (
          <div className={`card ${styles.empty}`}>
            <p>{t(filtered ? 'directory.noMatch' : 'directory.empty')}</p>
            {filtered && (
              <button type="button" className="btn btn-secondary" onClick={onClear}>
                {t('directory.clear')}
              </button>
            )}
          </div>
        )}
        {data && data.items.length > 0 && (
          <ul className={styles.grid} aria-busy={experts.isPlaceholderData}>
            {data.items.map((expert) => (
              <li key={expert.id}>
                <ExpertCard expert={expert} headingLevel={3} action={renderFavourite?.(expert)} />
              </li>
            ))}
          </ul>
        )}
        {data && <Pagination page={filters.page} pageCount={pageCountOf(data)} onPage={onPage} />}
      </section>
      {onlySpeciality && renderSpecialityWaitingList && (
        <div className="card">{renderSpecialityWaitingList(onlySpeciality)}</div>
      )}
    </>
  );
}
