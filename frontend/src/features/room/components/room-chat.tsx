import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../lib/room-session';
import styles from './room.module.css';

type Props = {
  messages: ChatMessage[];
  peerName: string;
  disabled: boolean;
  /** Sends a message; false when it could not leave. */
  onSend: (text: string) => boolean;
};

/** The room's text chat: relayed to the other party, never stored. */
export function RoomChat({ messages, peerName, disabled, onSend }: Props) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const headingId = useId();
  const inputId = useId();
  const time = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'fr-FR', { timeStyle: 'short' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() && onSend(text)) setText('');
  };

  return (
    <section className={styles.chat} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.chatTitle}>
        {t('room.chat.title')}
      </h2>
      <ol className={styles.messages} role="log" aria-live="polite" aria-label={t('room.chat.log')}>
        {messages.length === 0 && <li className={styles.empty}>{t('room.chat.empty')}</li>}
        {messages.map((message) => (
          <li key={message.id} className={message.mine ? styles.mine : styles.theirs}>
            <span className={styles.sender}>{message.mine ? t('room.chat.you') : peerName}</span>{' '}
            <time dateTime={message.at}>{time.format(new Date(message.at))}</time>
            <p className={styles.text}>{message.text}</p>
          </li>
        ))}
      </ol>
      <form className={styles.chatForm} onSubmit={submit}>
        <label htmlFor={inputId}>{t('room.chat.label')}</label>
        <input
          id={inputId}
          value={text}
          maxLength={2000}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-small" disabled={disabled || !text.trim()}>
          {t('room.chat.send')}
        </button>
      </form>
    </section>
  );
}
