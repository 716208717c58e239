import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layouts/page-title';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { usePolicies } from '@/lib/policies';
import { useRoom, type RoomArea } from '../api/get-room';
import { RoomCall } from './room-call';
import styles from './room.module.css';

type Props = { area: RoomArea; roomId: string; onLeave: () => void };

/** The video room of a booking (DESIGN §4): its state, then the call itself once open. */
export function RoomScreen({ area, roomId, onLeave }: Props) {
  const { t, i18n } = useTranslation();
  const room = useRoom(area, roomId);
  const data = room.data;
  // How long before the start the room opens: the server's rule.
  const minutesBefore = usePolicies().data?.room.opens_minutes_before;

  // Not open yet: look again when it opens.
  useEffect(() => {
    if (data?.state !== 'not_open') return;
    const wait = Math.max(new Date(data.opens_at).getTime() - Date.now(), 1000);
    const timer = setTimeout(() => void room.refetch(), Math.min(wait, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [data, room]);

  let body;
  if (room.isPending) body = <p role="status">{t('common.loading')}</p>;
  else if (room.isError) {
    const code = isApiError(room.error) ? room.error.code : '';
    const key =
      code === 'room_forbidden' ? 'room.status.refused' : code === 'room_closed' ? 'room.status.closed' : 'room.status.error';
    body = (
      <p role="alert" className={styles.notice}>
        {t(key)}
      </p>
    );
  } else if (data?.state === 'not_open') {
    const time = formatDateTime(data.opens_at, i18n.language);
    body = (
      <p role="status" className={styles.notice}>
        {minutesBefore === undefined ? t('room.status.notOpenAt', { time }) : t('room.status.notOpen', { time, minutes: minutesBefore })}
      </p>
    );
  } else if (data?.state === 'closed') {
    body = (
      <p role="status" className={styles.notice}>
        {t('room.status.closed')}
      </p>
    );
  } else if (data) {
    body = <RoomCall area={area} room={data} onLeave={onLeave} />;
  }

  return (
    <div className={styles.screen}>
      <PageTitle>{data?.peer_name ? t('room.titleWith', { name: data.peer_name }) : t('room.title')}</PageTitle>
      {body}
    </div>
  );
}
