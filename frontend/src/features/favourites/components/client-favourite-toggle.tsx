import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settle } from '@/lib/action-feedback';
import { isApiError } from '@/lib/api-error';
import { clearSession } from '@/lib/auth';
import { expertName, type ExpertCard } from '@/lib/expert-card';
import { errorText, toast } from '@/lib/toast';
import { useFavourites } from '../api/get-favourites';
import { useSetFavourite } from '../api/set-favourite';
import { useSignInThenBack } from '@/lib/use-sign-in-then-back';
import { HeartButton } from './heart-button';

/** A signed-in client's heart: marks or unmarks the favourite (optimistic), one change at a time. */
export function ClientFavouriteToggle({ expert }: { expert: ExpertCard }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const signIn = useSignInThenBack();
  const favourites = useFavourites();
  const setFavourite = useSetFavourite();
  const favourite = favourites.data?.items.some((item) => item.id === expert.id) ?? false;

  const onClick = () => {
    // The heart is busy until the server has answered.
    if (setFavourite.isPending) return;
    const change = { expert, favourite: !favourite };
    const name = expertName(expert, t('registration.titles.dr'));
    settle(setFavourite.mutateAsync(change), {
      onSuccess: () => toast.success(t(change.favourite ? 'favourites.added' : 'favourites.removed', { name })),
      onError: (error) => {
        if (isApiError(error) && error.status === 401) {
          // The session ended: sign in again, then come back.
          clearSession(queryClient, 'client');
          signIn();
          return;
        }
        toast.error(errorText(error, t('errors.network')));
      },
    });
  };

  return <HeartButton expert={expert} favourite={favourite} busy={setFavourite.isPending} onClick={onClick} />;
}
