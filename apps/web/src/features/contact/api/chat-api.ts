import { useQuery } from '@tanstack/react-query';
import {
  CHAT_TYPING,
  type ChatConversation,
  type ChatMessage,
  chatEndpoints,
  chatVisitorEndpoints,
  newClientMessageId,
} from '@tessera/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callEndpoint, callFileEndpoint } from '../../../shared/api/call-endpoint';
import { useRealtimeEvent, useRealtimeReconnect, useRealtimeTopic } from '../../../shared/realtime/realtime';
import { usePublicStore } from '../../../shared/state/public-store';
import { readLocal, writeLocal } from '../../../shared/storage/browser-storage';

/** The browser key of a visitor's conversation (decision 0104), kept across visits until a member adopts it. */
const VISITOR_KEY = 'contact.chatVisitorKey';
const storedVisitorKey = (): string | null => {
  const key = readLocal(VISITOR_KEY);
  return key && /^[A-Za-z0-9_-]{43}$/.test(key) ? key : null;
};
/** The stored key, or a new one (32 random bytes, base64url) stored now: made only when a visitor first writes. */
const visitorKey = (): string => {
  const existing = storedVisitorKey();
  if (existing) return existing;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const key = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  writeLocal(VISITOR_KEY, key);
  return key;
};

/** Merges messages by number: a repeated push or a re-read shows each message once, in order. */
const merge = (current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] => {
  const bySeq = new Map(current.map((message) => [message.seq, message]));
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
};

/**
 * The live chat of a member or of a visitor (decisions 0068, 0104): the open conversation's messages, kept current by
 * pushes (the member's stream, or the visitor's topic); after a reconnect, or a pushed number beyond the next
 * expected one, it reads on from the last number it holds. A member who signed in holding a visitor's key first
 * adopts that conversation, so the thread goes on where it was; the key is then forgotten.
 */
export const useLiveChat = () => {
  const isMember = usePublicStore((state) => state.isLogin && !state.isTrial);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [isLoading, setLoading] = useState(true);
  const [topic, setTopic] = useState<string | null>(null);
  // Whether the thread held was read as the member's: a visitor who just signed in keeps reading its pictures by its
  // key until the conversation is adopted (read by the session before then, they would be refused as not its own).
  const [isMemberThread, setMemberThread] = useState(false);
  // How far the desk has read (decision 0111); an answer from the desk also means it read what came before.
  const [deskReadSeq, setDeskReadSeq] = useState(0);
  const readMark = (id: string | null, seq: number) => {
    if (id && id === conversation.current) setDeskReadSeq((current) => Math.max(current, seq));
  };
  const lastSeq = useRef(0);
  const conversation = useRef<string | null>(null);

  const apply = useCallback((id: string | null, incoming: readonly ChatMessage[]) => {
    if (id !== conversation.current) {
      conversation.current = id;
      lastSeq.current = 0;
      setConversationId(id);
      setMessages([]);
      setDeskReadSeq(0);
    }
    setMessages((current) => {
      const next = merge(current, incoming);
      lastSeq.current = next.at(-1)?.seq ?? 0;
      return next;
    });
  }, []);

  const applyThread = useCallback(
    (thread: { conversation: ChatConversation; messages: ChatMessage[] } | null) => {
      apply(thread?.conversation.id ?? null, thread?.messages ?? []);
      if (thread) setDeskReadSeq((current) => Math.max(current, thread.conversation.deskReadSeq));
    },
    [apply],
  );

  const readOn = useCallback(async () => {
    const afterSeq = conversation.current ? lastSeq.current : 0;
    if (isMember) {
      const key = storedVisitorKey();
      if (key) {
        const adopted = await callEndpoint(chatVisitorEndpoints.adopt, { body: { key } });
        writeLocal(VISITOR_KEY, '');
        setTopic(null);
        setMemberThread(true);
        applyThread(adopted);
        setLoading(false);
        return;
      }
      const thread = await callEndpoint(chatEndpoints.current, { query: { afterSeq } });
      setTopic(null);
      setMemberThread(true);
      applyThread(thread);
    } else {
      const key = storedVisitorKey();
      const thread = key ? await callEndpoint(chatVisitorEndpoints.current, { body: { key, afterSeq } }) : null;
      setTopic(thread?.topic ?? null);
      setMemberThread(false);
      applyThread(thread);
    }
    setLoading(false);
  }, [applyThread, isMember]);

  useEffect(() => {
    void readOn();
  }, [readOn]);
  useRealtimeReconnect(() => void readOn());
  // A visitor's pushes come on its topic; the event handler below takes them like a member's.
  useRealtimeTopic(topic, () => undefined);
  useRealtimeEvent('contact.chat.read', (data) => readMark(data.conversationId, data.deskReadSeq));
  useRealtimeEvent('contact.chat.message', (data) => {
    if (data.conversationId === conversation.current && data.message.seq === lastSeq.current + 1) {
      apply(data.conversationId, [data.message]);
      return;
    }
    // A gap, or a conversation this page has not seen: read on from what it holds.
    void readOn();
  });

  // The message being sent and its client id (decision 0111): sending the same text again after a failure keeps the
  // id, so a first attempt that was stored after all is answered, not stored twice.
  // A picture (decision 0124) is part of what is sent again: the same file keeps the id, another takes a new one.
  const pending = useRef<{ body: string; picture: File | null; id: string } | null>(null);
  const send = async (body: string, picture: File | null = null) => {
    if (pending.current?.body !== body || pending.current.picture !== picture) {
      pending.current = { body, picture, id: newClientMessageId() };
    }
    const clientMessageId = pending.current.id;
    const files = picture ? [picture] : [];
    let thread: Awaited<ReturnType<typeof callEndpoint<typeof chatEndpoints.send>>>;
    if (isMember) {
      thread = picture
        ? await callEndpoint(chatEndpoints.sendImage, { body: { body, clientMessageId }, files })
        : await callEndpoint(chatEndpoints.send, { body: { body, clientMessageId } });
    } else {
      const visitorBody = { key: visitorKey(), body, clientMessageId };
      const visitorThread = picture
        ? await callEndpoint(chatVisitorEndpoints.sendImage, { body: visitorBody, files })
        : await callEndpoint(chatVisitorEndpoints.send, { body: visitorBody });
      setTopic(visitorThread.topic);
      thread = visitorThread;
    }
    pending.current = null;
    setMemberThread(isMember);
    applyThread(thread);
    if (thread.messages[0] && thread.messages[0].seq > lastSeq.current + 1) void readOn();
  };

  const markRead = useCallback(
    async (seq: number) => {
      const key = storedVisitorKey();
      if (isMember) await callEndpoint(chatEndpoints.read, { body: { seq } });
      else if (key) await callEndpoint(chatVisitorEndpoints.read, { body: { key, seq } });
    },
    [isMember],
  );

  // Typing (decision 0111): at most one signal every few seconds, only into an open conversation; a lost one is harmless.
  const lastTyping = useRef(0);
  const typing = useCallback(() => {
    const now = Date.now();
    if (!conversation.current || now - lastTyping.current < CHAT_TYPING.everyMs) return;
    lastTyping.current = now;
    const key = storedVisitorKey();
    const signal = isMember
      ? callEndpoint(chatEndpoints.typing, { body: {} })
      : key
        ? callEndpoint(chatVisitorEndpoints.typing, { body: { key } })
        : null;
    void signal?.catch(() => undefined);
  }, [isMember]);

  // The member's messages the desk has read: up to its read mark, or up to its latest answer.
  const readUpTo = Math.max(deskReadSeq, ...messages.filter((m) => m.author === 'operator').map((m) => m.seq));
  return { conversationId, messages, isLoading, isMember, isMemberThread, send, markRead, readUpTo, typing };
};

/**
 * A chat picture's bytes as an object URL (decision 0124): read with the member's session, or by the visitor's key in
 * the body, once per page life (a stored picture never changes); the URL is let go when no one shows it any more.
 */
export const useChatPicture = (attachmentId: string, isMember: boolean) => {
  const picture = useQuery({
    queryKey: ['contact.chatPicture', attachmentId, isMember],
    queryFn: ({ signal }) => {
      if (isMember) return callFileEndpoint(chatEndpoints.attachment, { params: { id: attachmentId }, signal });
      const key = storedVisitorKey();
      if (!key) throw new Error('no visitor key');
      return callFileEndpoint(chatVisitorEndpoints.attachment, { params: { id: attachmentId }, body: { key }, signal });
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!picture.data) return;
    const made = URL.createObjectURL(picture.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [picture.data]);
  return { url, isError: picture.isError };
};
