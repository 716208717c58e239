import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/lib/format';
import { formatShortDateTimeIn } from '@/lib/zoned-time';
import type { ComplaintParty } from '../api/types';
import { partyName } from './party-name';

/** Dates in the viewer's zone, a party as "name (role)" (the platform when none), money in the interface language. */
export const useComplaintText = (zone: string) => {
  const { t, i18n } = useTranslation();
  return {
    date: (value: string | null | undefined) => (value ? formatShortDateTimeIn(value, zone, i18n.language) : '—'),
    party: (party: ComplaintParty | null) =>
      party
        ? t('complaints.detail.partyWithRole', {
            name: partyName(party, t) || t('complaints.unnamed'),
            role: t(`complaints.roles.${party.role}`),
          })
        : t('complaints.list.platform'),
    money: (money: { amount_minor: number; currency: string }) => formatPrice(money.amount_minor, money.currency, i18n.language),
  };
};

