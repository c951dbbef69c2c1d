import { useQueryClient } from '@tanstack/react-query';
import { type AdminChatConversation, CHAT_LIMITS, type ChatMessage } from '@tessera/contracts';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/api-error';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { ListStates } from '../../../shared/ui/page-state';
import { chatListKey, readThread, useChatActions, useChatDesk, useChatList } from '../api/chat-api';
import { useDeskStream } from '../api/desk-stream';
import styles from './chat-console.module.css';

const merge = (current: readonly ChatMessage[], incoming: readonly ChatMessage[]) => {
  const bySeq = new Map(current.map((m) => [m.seq, m]));
  for (const m of incoming) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
};

/**
 * The live-chat console of one merchant (decision 0068): the conversations waiting or taken, one open with its
 * messages; new messages arrive over the desk's stream and are merged by number (a gap reads on from the last).
 */
export const ChatConsole = ({ code }: { code: string }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useChatList(code, undefined);
  const actions = useChatActions(code);
  const [openId, setOpenId] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const deskOperators = useChatDesk(code);
  const [handTo, setHandTo] = useState('');
  const lastSeq = useRef(0);
  const openRef = useRef<string | null>(null);
  const end = useRef<HTMLLIElement>(null);
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { timeStyle: 'short' });
  const conversations = (list.data ?? []).filter((c) => c.status !== 'resolved' || c.id === openId);
  const open = (list.data ?? []).find((c) => c.id === openId) ?? null;

  const apply = useCallback((incoming: readonly ChatMessage[]) => {
    setMessages((current) => {
      const next = merge(current, incoming);
      lastSeq.current = next.at(-1)?.seq ?? 0;
      return next;
    });
  }, []);
  const readOn = useCallback(async () => {
    const id = openRef.current;
    if (!id) return;
    const thread = await readThread(code, id, lastSeq.current);
    if (openRef.current === id) apply(thread.messages);
  }, [apply, code]);

  useEffect(() => {
    openRef.current = openId;
    lastSeq.current = 0;
    setMessages([]);
    void readOn();
  }, [openId, readOn]);

  useDeskStream(code, {
    onReady: () => {
      void queryClient.invalidateQueries({ queryKey: chatListKey(code) });
      void readOn();
    },
    onEvent: (event) => {
      void queryClient.invalidateQueries({ queryKey: chatListKey(code) });
      if (event.type !== 'contact.chat.message' || event.data.conversationId !== openRef.current) return;
      if (event.data.message.seq === lastSeq.current + 1) apply([event.data.message]);
      else void readOn();
    },
  });

  const last = messages.at(-1);
  const { read } = actions;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
    if (openId && last?.author === 'member') void read(openId, last.seq).catch(() => undefined);
  }, [last, openId, read]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!openId || !body) return;
    actions.send.mutate(
      { id: openId, body },
      {
        onSuccess: (thread) => {
          setDraft('');
          apply(thread.messages);
        },
      },
    );
  };
  const failure = actions.send.error ?? actions.claim.error ?? actions.transfer.error ?? actions.resolve.error;

  return (
    <div className={styles.console} data-testid="chat-console">
      <section className={styles.queue} aria-label={t('contact.chat.queue')}>
        <ListStates query={list} emptyMessage={t('contact.chat.empty')} />
        <ul className={styles.list}>
          {conversations.map((c: AdminChatConversation) => (
            <li key={c.id}>
              <button
                type="button"
                className={styles.item}
                aria-pressed={c.id === openId}
                data-conversation={c.username}
                onClick={() => setOpenId(c.id)}
              >
                <span className={styles.name}>{c.username}</span>
                {c.visitor ? <Badge tone="neutral">{t('contact.chat.visitor')}</Badge> : null}
                <Badge tone={c.status === 'waiting' ? 'warning' : c.status === 'active' ? 'info' : 'neutral'}>
                  {t(`contact.chat.statuses.${c.status}`)}
                </Badge>
                {c.unread > 0 ? (
                  <span className={styles.unread} data-unread={c.unread}>
                    {c.unread}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.thread} aria-label={t('contact.chat.conversation')}>
        {open ? (
          <>
            <header className={styles.threadHead}>
              <span className={styles.name}>
                {open.username}
                {open.visitor ? ` · ${t('contact.chat.visitorNote')}` : null}
              </span>
              <span className={styles.muted}>
                {open.operator ? t('contact.chat.takenBy', { operator: open.operator }) : t('contact.chat.waiting')}
              </span>
              <div className={styles.actions}>
                {open.status === 'waiting' ? (
                  <Button size="sm" onClick={() => actions.claim.mutate(open.id)} isBusy={actions.claim.isPending}>
                    {t('contact.chat.claim')}
                  </Button>
                ) : null}
                {open.status !== 'resolved' ? (
                  <form
                    className={styles.handOver}
                    onSubmit={(event) => {
                      event.preventDefault();
                      if (handTo)
                        actions.transfer.mutate(
                          { id: open.id, operatorId: handTo },
                          { onSuccess: () => setHandTo('') },
                        );
                    }}
                  >
                    <label className="visually-hidden" htmlFor="desk-chat-transfer">
                      {t('contact.chat.transferTo')}
                    </label>
                    <select id="desk-chat-transfer" value={handTo} onChange={(event) => setHandTo(event.target.value)}>
                      <option value="">{t('contact.chat.transferTo')}</option>
                      {(deskOperators.data ?? [])
                        .filter((o) => o.username !== open.operator)
                        .map((o) => (
                          <option key={o.id} value={o.id}>
                            {o.displayName && o.displayName !== o.username
                              ? `${o.displayName} (${o.username})`
                              : o.username}
                          </option>
                        ))}
                    </select>
                    <Button
                      type="submit"
                      size="sm"
                      variant="secondary"
                      disabled={!handTo}
                      isBusy={actions.transfer.isPending}
                    >
                      {t('contact.chat.transfer')}
                    </Button>
                  </form>
                ) : null}
                {open.status !== 'resolved' ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => actions.resolve.mutate(open.id)}
                    isBusy={actions.resolve.isPending}
                  >
                    {t('contact.chat.resolve')}
                  </Button>
                ) : null}
              </div>
            </header>
            {failure ? (
              <Alert
                tone="danger"
                title={t(`errors.${errorCodeOf(failure)}`, { defaultValue: t('errors.unknown_error') })}
              />
            ) : null}
            <ol className={styles.messages} aria-live="polite">
              {messages.map((m) => (
                <li
                  key={m.seq}
                  className={m.author === 'operator' ? `${styles.message} ${styles.mine}` : styles.message}
                  data-seq={m.seq}
                  data-author={m.author}
                >
                  <p className={styles.body}>{m.body}</p>
                  <p className={styles.muted}>{formatTime.format(Date.parse(m.createdAt))}</p>
                </li>
              ))}
              <li ref={end} aria-hidden="true" />
            </ol>
            {open.status !== 'resolved' ? (
              <form className={styles.compose} onSubmit={onSubmit}>
                <label className={styles.label} htmlFor="desk-chat-message">
                  {t('contact.chat.reply')}
                </label>
                <div className={styles.row}>
                  <input
                    id="desk-chat-message"
                    value={draft}
                    maxLength={CHAT_LIMITS.messageMax}
                    autoComplete="off"
                    onChange={(event) => setDraft(event.target.value)}
                  />
                  <Button type="submit" variant="primary" isBusy={actions.send.isPending} disabled={!draft.trim()}>
                    {t('contact.chat.send')}
                  </Button>
                </div>
              </form>
            ) : null}
          </>
        ) : (
          <p className={styles.muted}>{t('contact.chat.pick')}</p>
        )}
      </section>
    </div>
  );
};
