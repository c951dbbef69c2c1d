import { useQueryClient } from '@tanstack/react-query';
import {
  type AdminChatConversation,
  type CannedReply,
  CHAT_ATTACHMENT_UPLOAD,
  CHAT_LIMITS,
  CHAT_TYPING,
  type ChatAttachment,
  type ChatMessage,
  newClientMessageId,
} from '@tessera/contracts';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/api-error';
import { currentLocale } from '../../../shared/i18n/i18n';
import { useDeskStream } from '../../../shared/realtime/desk-stream';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { ListStates } from '../../../shared/ui/page-state';
import { useCannedReplies } from '../api/canned-replies-api';
import { chatListKey, readThread, useChatActions, useChatDesk, useChatList, useChatPicture } from '../api/chat-api';
import { matchCannedReplies } from '../canned-match';
import { type Elapsed, elapsedOf, waitedSeconds } from '../chat-timing';
import styles from './chat-console.module.css';

const merge = (current: readonly ChatMessage[], incoming: readonly ChatMessage[]) => {
  const bySeq = new Map(current.map((m) => [m.seq, m]));
  for (const m of incoming) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
};

/** A message's picture (decision 0124): a thumbnail that opens it larger in a dialog (Esc closes). */
const ChatPicture = ({ code, id, attachment }: { code: string; id: string; attachment: ChatAttachment }) => {
  const { t } = useTranslation();
  const { url, isError } = useChatPicture(code, id, attachment.id);
  const [isOpen, setOpen] = useState(false);
  if (isError) return <p className={styles.muted}>{t('contact.chat.picture')}</p>;
  return (
    <>
      <button
        type="button"
        className={styles.thumb}
        aria-label={t('contact.chat.pictureOpen')}
        disabled={!url}
        onClick={() => setOpen(true)}
        data-picture={attachment.id}
      >
        {url ? (
          <img src={url} alt={t('contact.chat.picture')} width={attachment.width} height={attachment.height} />
        ) : null}
      </button>
      <Dialog isOpen={isOpen} title={t('contact.chat.picture')} onClose={() => setOpen(false)} size="md">
        {url ? <img className={styles.large} src={url} alt={t('contact.chat.picture')} /> : null}
      </Dialog>
    </>
  );
};

/** "/" and what follows it, when that is the whole draft: the picker's query. */
const SLASH = /^\/(\S*)$/;

/**
 * The live-chat console of one merchant (decision 0068): the conversations waiting or taken, one open with its
 * messages; new messages arrive over the desk's stream and are merged by number (a gap reads on from the last).
 * Canned replies (decision 0111): "/" and a shortcut in the reply box, or the button beside it, lists them; picking
 * one puts its text in the box to edit before sending. A send carries a client message id, kept while the same text
 * is retried, so a retry after a lost answer stores nothing twice.
 */
export const ChatConsole = ({ code }: { code: string }) => {
  const { t } = useTranslation();
  // The waits shown in the queue move on by themselves, a tick every 15 s.
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNowMs(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  const elapsed = (value: Elapsed) => t(`contact.chat.elapsed.${value.unit}`, value);
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
  const replyBox = useRef<HTMLTextAreaElement>(null);
  const pending = useRef<{ body: string; picture: File | null; id: string } | null>(null);
  const [picture, setPicture] = useState<File | null>(null);
  const canned = useCannedReplies(code);
  const [isBrowsing, setBrowsing] = useState(false);
  const [active, setActive] = useState(0);
  const slash = SLASH.exec(draft);
  const query = slash ? (slash[1] ?? '') : isBrowsing ? '' : null;
  const matches = query === null ? [] : matchCannedReplies(canned.data ?? [], query);
  const isPicking = query !== null;
  const activeIndex = Math.min(active, Math.max(matches.length - 1, 0));
  // The conversation whose customer is typing, until when (decision 0111); cleared by its message or the time.
  const [typing, setTyping] = useState<{ conversationId: string; until: number } | null>(null);
  useEffect(() => {
    if (!typing) return undefined;
    const timer = setTimeout(() => setTyping(null), Math.max(typing.until - Date.now(), 0));
    return () => clearTimeout(timer);
  }, [typing]);
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
      if (event.type === 'contact.chat.typing') {
        setTyping({ conversationId: event.data.conversationId, until: Date.now() + CHAT_TYPING.showMs });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: chatListKey(code) });
      if (event.type === 'contact.chat.message' && event.data.message.author === 'member') {
        setTyping((current) => (current?.conversationId === event.data.conversationId ? null : current));
      }
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

  const pick = (reply: CannedReply) => {
    setDraft((current) => (SLASH.test(current) || !current.trim() ? reply.body : `${current.trimEnd()} ${reply.body}`));
    setBrowsing(false);
    setActive(0);
    replyBox.current?.focus();
  };
  const onReplyKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isPicking) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setBrowsing(false);
      if (slash) setDraft('');
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + matches.length) % Math.max(matches.length, 1));
    } else if ((event.key === 'Enter' || event.key === 'Tab') && matches[activeIndex]) {
      event.preventDefault();
      pick(matches[activeIndex]);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!openId || (!body && !picture)) return;
    // The same text (and picture) sent again after a failure keeps its id: the server stores it once.
    if (pending.current?.body !== body || pending.current.picture !== picture) {
      pending.current = { body, picture, id: newClientMessageId() };
    }
    const sent = {
      onSuccess: (thread: { messages: ChatMessage[] }) => {
        pending.current = null;
        setDraft('');
        setPicture(null);
        apply(thread.messages);
      },
    };
    const clientMessageId = pending.current.id;
    if (picture) actions.sendImage.mutate({ id: openId, body, clientMessageId, picture }, sent);
    else actions.send.mutate({ id: openId, body, clientMessageId }, sent);
  };
  const failure =
    actions.send.error ??
    actions.sendImage.error ??
    actions.claim.error ??
    actions.transfer.error ??
    actions.resolve.error;

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
                {c.waitingSince ? (
                  <span className={styles.waiting} data-waiting-since={c.waitingSince}>
                    {t('contact.chat.waitingFor', { time: elapsed(elapsedOf(waitedSeconds(c.waitingSince, nowMs))) })}
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
              <span className={styles.muted} data-first-reply={open.firstReplySeconds ?? ''}>
                {open.firstReplySeconds === null
                  ? t('contact.chat.notAnswered')
                  : t('contact.chat.firstReply', { time: elapsed(elapsedOf(open.firstReplySeconds)) })}
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
                  {m.attachment ? <ChatPicture code={code} id={open.id} attachment={m.attachment} /> : null}
                  {m.body ? <p className={styles.body}>{m.body}</p> : null}
                  <p className={styles.muted}>{formatTime.format(Date.parse(m.createdAt))}</p>
                </li>
              ))}
              <li ref={end} aria-hidden="true" />
            </ol>
            <p className={styles.typing} aria-live="polite" data-typing={typing?.conversationId === open.id}>
              {typing?.conversationId === open.id
                ? t(open.visitor ? 'contact.chat.visitorTyping' : 'contact.chat.memberTyping', { name: open.username })
                : null}
            </p>
            {open.status !== 'resolved' ? (
              <form className={styles.compose} onSubmit={onSubmit}>
                <label className={styles.label} htmlFor="desk-chat-message">
                  {t('contact.chat.reply')}
                </label>
                {isPicking ? (
                  <div className={styles.picker}>
                    <p id="desk-chat-canned-hint" className="visually-hidden">
                      {t('contact.chat.cannedHint')}
                    </p>
                    {matches.length > 0 ? (
                      <ul id="desk-chat-canned" className={styles.options} aria-label={t('contact.chat.cannedList')}>
                        {matches.map((reply, index) => (
                          <li key={reply.id}>
                            <button
                              type="button"
                              tabIndex={-1}
                              data-canned-option={reply.shortcut}
                              data-active={index === activeIndex}
                              className={styles.option}
                              onMouseDown={(event) => event.preventDefault()}
                              onClick={() => pick(reply)}
                            >
                              <span className={styles.optionHead}>
                                <code>/{reply.shortcut}</code>
                                <span className={styles.name}>{reply.title}</span>
                                {reply.language ? <Badge tone="neutral">{reply.language}</Badge> : null}
                              </span>
                              <span className={styles.optionBody}>{reply.body}</span>
                            </button>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p className={styles.muted}>
                        {canned.data && canned.data.length === 0
                          ? t('contact.chat.cannedNone')
                          : t('contact.chat.cannedNoMatch')}
                      </p>
                    )}
                  </div>
                ) : null}
                <div className={styles.row}>
                  <textarea
                    id="desk-chat-message"
                    ref={replyBox}
                    rows={2}
                    value={draft}
                    maxLength={CHAT_LIMITS.messageMax}
                    autoComplete="off"
                    placeholder={t('contact.chat.replyPlaceholder')}
                    aria-controls={isPicking && matches.length > 0 ? 'desk-chat-canned' : undefined}
                    aria-describedby={isPicking && matches.length > 0 ? 'desk-chat-canned-hint' : undefined}
                    onKeyDown={onReplyKey}
                    onChange={(event) => {
                      setDraft(event.target.value);
                      setActive(0);
                    }}
                  />
                  <div className={styles.sendActions}>
                    <Button
                      type="button"
                      size="sm"
                      variant="secondary"
                      aria-pressed={isBrowsing}
                      onClick={() => {
                        setBrowsing((current) => !current);
                        setActive(0);
                        replyBox.current?.focus();
                      }}
                    >
                      {t('contact.chat.canned')}
                    </Button>
                    <label className={styles.attach}>
                      {picture ? t('contact.chat.pictureChosen', { name: picture.name }) : t('contact.chat.attach')}
                      <input
                        type="file"
                        className="visually-hidden"
                        accept={CHAT_ATTACHMENT_UPLOAD.contentTypes.join(',')}
                        onChange={(event) => {
                          setPicture(event.target.files?.[0] ?? null);
                          event.target.value = '';
                        }}
                      />
                    </label>
                    {picture ? (
                      <Button type="button" size="sm" variant="secondary" onClick={() => setPicture(null)}>
                        {t('contact.chat.pictureRemove')}
                      </Button>
                    ) : null}
                    <Button
                      type="submit"
                      variant="primary"
                      isBusy={actions.send.isPending || actions.sendImage.isPending}
                      disabled={!draft.trim() && !picture}
                    >
                      {t('contact.chat.send')}
                    </Button>
                  </div>
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
