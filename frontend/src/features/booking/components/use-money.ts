import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/lib/format';
import type { Money } from '../api/types';

/** Money from integer minor units, in the interface language. */
export const useMoney = () => {
  const { i18n } = useTranslation();
  return (money: Money) => formatPrice(money.amount_minor, money.currency, i18n.language);
};
