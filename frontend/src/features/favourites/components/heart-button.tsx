import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { expertName, type ExpertCard } from '@/lib/expert-card';
import styles from './favourites.module.css';

type Props = {
  expert: ExpertCard;
  /** `undefined` for a visitor (the heart is then a way to sign in, not a switch). */
  favourite?: boolean;
  busy?: boolean;
  /** While a signed-in client's switch loads: a click then would be lost, so it waits. */
  disabled?: boolean;
  onClick: () => void;
};

/** The heart itself: « Ajouter … à mes favoris » or « Retirer … », pressed when the expert is a favourite. */
export function HeartButton({ expert, favourite, busy, disabled, onClick }: Props) {
  const { t } = useTranslation();
  const label = t(favourite ? 'favourites.remove' : 'favourites.add', { name: expertName(expert, t('registration.titles.dr')) });
  return (
    <button
      type="button"
      className={`${styles.toggle} ${favourite ? styles.on : ''}`}
      aria-pressed={favourite}
      aria-busy={busy || undefined}
      disabled={disabled}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <Icon name="heart" size={24} />
    </button>
  );
}
