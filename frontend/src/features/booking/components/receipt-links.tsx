import { useTranslation } from 'react-i18next';
import { toMoney, type Receipt } from '../api/types';
import styles from './booking.module.css';
import { useMoney } from './use-money';

type Props = { receipts: Receipt[] | undefined; labelledBy?: string };

/**
 * A booking's receipts: "Facture n° …" for a payment, "Avoir n° …" for a refund, each a plain
 * same-origin link to its PDF (the session cookie goes with it) with the amount. Nothing when
 * there is none yet (they are issued a moment after the payment or the refund).
 */
export function ReceiptLinks({ receipts, labelledBy }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const list = receipts ?? [];
  if (list.length === 0) return null;
  return (
    <ul className={styles.receipts} aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : t('bookings.receipts.title')}>
      {list.map((receipt) => (
        <li key={receipt.id}>
          <a href={receipt.url} download>
            {receipt.kind === 'refund'
              ? t('bookings.receipts.refund', { number: receipt.number })
              : t('bookings.receipts.payment', { number: receipt.number })}
          </a>
          <span>{money(toMoney(receipt.amount))}</span>
        </li>
      ))}
    </ul>
  );
}
