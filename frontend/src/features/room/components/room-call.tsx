import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Room, RoomArea } from '../api/get-room';
import { RoomSession, roomSocketUrl, type ChatMessage, type ConnectionStatus } from '../lib/room-session';
import { RoomChat } from './room-chat';
import styles from './room.module.css';

type Props = { area: RoomArea; room: Room; onLeave: () => void };

/** Asks for the camera and microphone, then joins the room: both videos, toggles, chat, leave. */
export function RoomCall({ area, room, onLeave }: Props) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [mediaError, setMediaError] = useState(false);
  const [camera, setCamera] = useState(true);
  const [microphone, setMicrophone] = useState(true);
  const session = useRef<RoomSession | null>(null);
  const localVideo = useRef<HTMLVideoElement>(null);
  const remoteVideo = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    const begin = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      } catch {
        // Without camera or microphone the chat still works, and the other party's video too.
        if (!cancelled) setMediaError(true);
      }
      if (cancelled) {
        stream?.getTracks().forEach((track) => track.stop());
        return;
      }
      setLocal(stream);
      const current = new RoomSession({
        url: roomSocketUrl(area, room.room_id),
        polite: room.party === 'client',
        iceServers: room.ice_servers,
        local: stream,
        closesAt: new Date(room.closes_at).getTime(),
        events: {
          status: setStatus,
          chat: (message) => setMessages((list) => [...list, message]),
          remoteStream: setRemote,
        },
      });
      session.current = current;
      current.start();
    };
    void begin();
    return () => {
      cancelled = true;
      session.current?.stop();
      session.current = null;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [area, room.room_id, room.party, room.ice_servers, room.closes_at]);

  useEffect(() => {
    if (localVideo.current) localVideo.current.srcObject = local;
  }, [local]);
  useEffect(() => {
    if (remoteVideo.current) remoteVideo.current.srcObject = remote;
  }, [remote]);

  const toggle = (kind: 'video' | 'audio', on: boolean) => {
    local?.getTracks().filter((track) => track.kind === kind).forEach((track) => (track.enabled = on));
    if (kind === 'video') setCamera(on);
    else setMicrophone(on);
  };

  const leave = () => {
    session.current?.leave();
    local?.getTracks().forEach((track) => track.stop());
    onLeave();
  };

  const statusText =
    status === 'connected'
      ? t('room.status.connected', { name: room.peer_name })
      : status === 'joining'
        ? t('room.status.joining', { name: room.peer_name })
        : status === 'waiting'
          ? t('room.status.waiting', { name: room.peer_name })
          : t(`room.status.${status}`);

  return (
    <div className={styles.call}>
      <p role="status" aria-live="polite" className={styles.status} data-status={status}>
        {statusText}
      </p>
      {mediaError && (
        <p role="alert" className={styles.notice}>
          {t('room.mediaError')}
        </p>
      )}
      <div className={styles.videos}>
        <video
          ref={remoteVideo}
          className={styles.remote}
          autoPlay
          playsInline
          aria-label={t('room.remoteVideo', { name: room.peer_name })}
          data-testid="remote-video"
        />
        <video
          ref={localVideo}
          className={styles.local}
          autoPlay
          playsInline
          muted
          aria-label={t('room.localVideo')}
          data-testid="local-video"
        />
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={!local}
          onClick={() => toggle('video', !camera)}
        >
          {camera ? t('room.cameraOff') : t('room.cameraOn')}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={!local}
          onClick={() => toggle('audio', !microphone)}
        >
          {microphone ? t('room.microphoneOff') : t('room.microphoneOn')}
        </button>
        <button type="button" className="btn" onClick={leave}>
          {t('room.leave')}
        </button>
      </div>
      <RoomChat
        messages={messages}
        peerName={room.peer_name}
        disabled={status === 'connecting' || status === 'reconnecting' || status === 'closed' || status === 'sessionEnded'}
        onSend={(text) => session.current?.sendChat(text) ?? false}
      />
    </div>
  );
}
