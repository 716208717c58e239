import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { clearSession } from '@/lib/auth';
import { expertName, type ExpertCard } from '@/lib/expert-card';
import { usePersistedState } from '@/lib/persisted-state';
import { rememberRedirectUrl } from '@/lib/redirect-url';
import { errorText, toast } from '@/lib/toast';
import { useFavourites } from '../api/get-favourites';
import { useSetFavourite } from '../api/set-favourite';
import styles from './favourites.module.css';
import { settle } from '@/lib/action-feedback';

type Props = { expert: ExpertCard };

/**
 * The heart of an expert card or profile. A signed-in client marks or unmarks the
 * favourite (optimistic); a visitor goes to the client sign-in and comes back here after.
 */
export function FavouriteToggle({ expert }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const signedIn = usePersistedState((s) => s.auth.client.status);
  const favourites = useFavourites(signedIn);
  const setFavourite = useSetFavourite();
  const favourite = signedIn && (favourites.data?.items.some((item) => item.id === expert.id) ?? false);
  const name = expertName(expert, t('registration.titles.dr'));

  const toSignIn = () => {
    rememberRedirectUrl(`${location.pathname}${location.search}`);
    void navigate(paths.public.client.signIn.getHref());
  };

  const onClick = () => {
    if (!signedIn) {
      toSignIn();
      return;
    }
    // One change at a time: the heart is busy until the server has answered.
    if (setFavourite.isPending) return;
    const change = { expert, favourite: !favourite };
    settle(setFavourite.mutateAsync(change), {
        onSuccess: () => toast.success(t(change.favourite ? 'favourites.added' : 'favourites.removed', { name })),
        onError: (error) => {
          if (isApiError(error) && error.status === 401) {
            // The session ended: sign in again, then come back.
            clearSession(queryClient, 'client');
            toSignIn();
            return;
          }
          toast.error(errorText(error, t('errors.network')));
        },
    });
  };

  return (
    <button
      type="button"
      className={`${styles.toggle} ${favourite ? styles.on : ''}`}
      aria-pressed={signedIn ? favourite : undefined}
      aria-busy={setFavourite.isPending || undefined}
      aria-label={t(favourite ? 'favourites.remove' : 'favourites.add', { name })}
      title={t(favourite ? 'favourites.remove' : 'favourites.add', { name })}
      onClick={onClick}
    >
      <Icon name="heart" size={24} />
    </button>
  );
}
