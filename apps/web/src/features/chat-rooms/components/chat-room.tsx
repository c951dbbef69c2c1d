import { CHAT_ROOM_LIMITS } from '@tessera/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { Button } from '../../../shared/ui/button/button';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { useChatRoom, useSecondsLeft } from '../api/chat-rooms-api';
import styles from './chat-rooms.module.css';
import { HostAvatar } from './host-avatar';

/** A room live (decision 0164): its history, the send box, the slow-mode countdown and the muted notice. */
export const ChatRoom = ({ roomId }: { roomId: string }) => {
  const { t } = useTranslation('chat-rooms');
  const formatDateTime = useFormatDateTime();
  const chat = useChatRoom(roomId);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const secondsLeft = useSecondsLeft(chat.slowUntil);
  const list = useRef<HTMLOListElement>(null);
  const messages = chat.entries.filter((entry) => entry.kind === 'message');
  const lastSeq = messages.at(-1)?.seq;

  useEffect(() => {
    if (lastSeq === undefined) return;
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastSeq]);

  useEffect(() => {
    if (secondsLeft === 0 && error === 'chat_room_slow_mode') setError(null);
  }, [secondsLeft, error]);

  if (chat.error && !chat.room) return <FormError code={chat.error} />;
  if (!chat.room || !chat.me) return <InlineLoader />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body) return;
    setSending(true);
    const failure = await chat.send(body);
    setSending(false);
    setError(failure);
    if (!failure) setDraft('');
  };

  const isMuted = chat.me.muted;
  const isWaiting = secondsLeft > 0;

  return (
    <section className={styles.room} data-chat-room={chat.room.name}>
      <header className={styles.roomHead}>
        <HostAvatar name={chat.room.hostName} url={chat.room.hostAvatarUrl} />
        <div className={styles.roomTitle}>
          <h1>{chat.room.name}</h1>
          <p className={styles.hostMeta}>{t('cr_hosted_by', { name: chat.room.hostName })}</p>
        </div>
        {chat.room.slowModeSeconds > 0 ? (
          <span className={styles.badge} data-slow-mode={chat.room.slowModeSeconds}>
            {t('cr_slow_badge', { seconds: chat.room.slowModeSeconds })}
          </span>
        ) : null}
      </header>
      <ol ref={list} className={styles.messages} aria-live="polite" aria-label={t('cr_messages')}>
        {messages.length === 0 ? <li className={styles.empty}>{t('cr_empty')}</li> : null}
        {messages.map((entry) => (
          <li
            key={entry.seq}
            className={[styles.message, entry.mine ? styles.mine : '', entry.removed ? styles.removed : ''].join(' ')}
            data-seq={entry.seq}
            data-removed={entry.removed ? 'true' : undefined}
          >
            <p className={styles.author}>{entry.mine ? t('cr_you') : entry.author}</p>
            <p className={styles.body}>{entry.removed ? t('cr_removed') : entry.body}</p>
            <p className={styles.time}>{formatDateTime(entry.createdAt)}</p>
          </li>
        ))}
      </ol>
      {isMuted ? (
        <p className={styles.muted} role="status" data-muted="true">
          {chat.me.mutedUntil ? t('cr_muted_until', { time: formatDateTime(chat.me.mutedUntil) }) : t('cr_muted')}
          {chat.me.muteReason ? ` ${t('cr_muted_reason', { reason: chat.me.muteReason })}` : ''}
        </p>
      ) : null}
      <form className={styles.compose} onSubmit={onSubmit} data-form="chat-room">
        <label className={formStyles.label} htmlFor="chat-room-message">
          {t('cr_message')}
        </label>
        <div className={styles.row}>
          <input
            id="chat-room-message"
            className={formStyles.input}
            value={draft}
            maxLength={CHAT_ROOM_LIMITS.messageMax}
            autoComplete="off"
            placeholder={t('cr_placeholder')}
            disabled={isMuted}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" disabled={isSending || isMuted || draft.trim().length === 0}>
            {t('cr_send')}
          </Button>
        </div>
        <p className={styles.hint} aria-live="polite">
          {isWaiting ? <span data-slow-wait={secondsLeft}>{t('cr_slow_wait', { seconds: secondsLeft })}</span> : null}
        </p>
        {error === 'chat_room_muted' ? null : <FormError code={error} />}
      </form>
    </section>
  );
};
