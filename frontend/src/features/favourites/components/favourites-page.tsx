import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import type { ExpertCard } from '@/lib/expert-card';
import { errorText } from '@/lib/toast';
import { useFavourites } from '../api/get-favourites';
import { FavouriteToggle } from './favourite-toggle';
import styles from './favourites.module.css';

type Props = {
  /** An expert card with its action (the heart, here a remove button), composed by the app. */
  renderExpert: (expert: ExpertCard, action: ReactNode) => ReactNode;
};

/** spec §2 client `favorite`: the experts the client marked; the heart removes one. */
export function FavouritesPage({ renderExpert }: Props) {
  const { t } = useTranslation();
  const favourites = useFavourites();
  const items = favourites.data?.items;
  return (
    <div className="stack">
      <PageTitle>{t('favourites.title')}</PageTitle>
      {favourites.isPending && <p role="status">{t('common.loading')}</p>}
      {favourites.isError && <p role="alert">{errorText(favourites.error, t('errors.network'))}</p>}
      {items && items.length === 0 && (
        <div className="card">
          <p>{t('favourites.empty')}</p>
          <Link className="btn" to={paths.ourExperts.getHref()}>
            {t('favourites.find')}
          </Link>
        </div>
      )}
      {items && items.length > 0 && (
        <ul className={styles.grid}>
          {items.map((expert) => (
            <li key={expert.id}>{renderExpert(expert, <FavouriteToggle expert={expert} />)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
