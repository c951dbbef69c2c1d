import { CHAT_LIMITS, type ChatAttachment } from '@tessera/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { Button } from '../../../shared/ui/button/button';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { ProofPicker } from '../../../shared/ui/proof-picker/proof-picker';
import { useChatPicture, useLiveChat } from '../api/chat-api';
import styles from './live-chat.module.css';

/** A message's picture: a thumbnail in the thread, a button that opens it larger in a dialog (Esc closes). */
const ChatPicture = ({ attachment, isMember }: { attachment: ChatAttachment; isMember: boolean }) => {
  const { t } = useTranslation('contact');
  const { url, isError } = useChatPicture(attachment.id, isMember);
  const [isOpen, setOpen] = useState(false);
  if (isError) return <p className={styles.pictureMissing}>{t('chat_picture')}</p>;
  return (
    <>
      <button
        type="button"
        className={styles.thumb}
        aria-label={t('chat_picture_open')}
        onClick={() => setOpen(true)}
        disabled={!url}
        data-picture={attachment.id}
      >
        {url ? (
          <img src={url} alt={t('chat_picture')} width={attachment.width} height={attachment.height} />
        ) : (
          <InlineLoader />
        )}
      </button>
      <Dialog name="chat-picture" isOpen={isOpen} onClose={() => setOpen(false)} title={t('chat_picture')} size="lg">
        {url ? <img className={styles.large} src={url} alt={t('chat_picture')} /> : null}
      </Dialog>
    </>
  );
};

/** The member's conversation with customer service: the messages both ways, live, and the box to write. */
export const LiveChat = () => {
  const { t } = useTranslation('contact');
  const formatDateTime = useFormatDateTime();
  const chat = useLiveChat();
  const [draft, setDraft] = useState('');
  const [picture, setPicture] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const end = useRef<HTMLLIElement>(null);
  const last = chat.messages.at(-1);
  // "Read" goes under the member's last message the desk has read (decision 0111).
  const lastRead = chat.messages.filter((m) => m.author === 'member' && m.seq <= chat.readUpTo).at(-1)?.seq;
  const { markRead } = chat;

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
    if (last && last.author === 'operator') void markRead(last.seq).catch(() => undefined);
  }, [last, markRead]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body && !picture) return;
    setSending(true);
    setError(null);
    try {
      await chat.send(body, picture);
      setDraft('');
      setPicture(null);
    } catch (failure) {
      setError(errorKeyOf(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.chat} data-chat={chat.conversationId ?? 'none'}>
      <ol className={styles.messages} aria-live="polite" aria-label={t('chat_messages')}>
        {chat.isLoading ? (
          <li>
            <InlineLoader />
          </li>
        ) : null}
        {!chat.isLoading && chat.messages.length === 0 ? <li className={styles.empty}>{t('chat_start')}</li> : null}
        {chat.messages.map((message) => (
          <li
            key={message.seq}
            className={message.author === 'member' ? `${styles.message} ${styles.mine}` : styles.message}
            data-seq={message.seq}
            data-author={message.author}
          >
            {message.attachment ? <ChatPicture attachment={message.attachment} isMember={chat.isMemberThread} /> : null}
            {message.body ? <p className={styles.body}>{message.body}</p> : null}
            <p className={styles.meta}>
              {message.author === 'member' ? t('chat_you') : t('reply_from_desk')} · {formatDateTime(message.createdAt)}
              {message.seq === lastRead ? (
                <span className={styles.read} data-read="true">
                  {' · '}
                  {t('chat_read')}
                </span>
              ) : null}
            </p>
          </li>
        ))}
        <li ref={end} aria-hidden="true" className={styles.end} />
      </ol>
      <form className={styles.compose} onSubmit={onSubmit} data-form="chat">
        <label className={formStyles.label} htmlFor="chat-message">
          {t('chat_message')}
        </label>
        <div className={styles.row}>
          <input
            id="chat-message"
            className={formStyles.input}
            value={draft}
            maxLength={CHAT_LIMITS.messageMax}
            autoComplete="off"
            placeholder={t('chat_placeholder')}
            onChange={(event) => {
              setDraft(event.target.value);
              if (event.target.value.trim()) chat.typing();
            }}
          />
          <Button type="submit" disabled={isSending || (draft.trim().length === 0 && !picture)}>
            {t('send')}
          </Button>
        </div>
        <ProofPicker
          id="chat-picture"
          files={picture ? [picture] : []}
          onChange={(files) => setPicture(files[0] ?? null)}
          maxFiles={1}
          isSingle
          addLabel={() => t('chat_attach')}
          rules={t('chat_picture_rules')}
        />
        <FormError code={error} />
      </form>
    </div>
  );
};
