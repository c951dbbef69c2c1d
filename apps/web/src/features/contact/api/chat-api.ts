import { type ChatMessage, chatEndpoints } from '@tessera/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callEndpoint } from '../../../shared/api/call-endpoint';
import { useRealtimeEvent, useRealtimeReconnect } from '../../../shared/realtime/realtime';

/** Merges messages by number: a repeated push or a re-read shows each message once, in order. */
const merge = (current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] => {
  const bySeq = new Map(current.map((message) => [message.seq, message]));
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
};

/**
 * The member's live chat (decision 0068): the open conversation's messages, kept current by pushes; after a
 * reconnect, or a pushed number beyond the next expected one, it reads on from the last number it holds.
 */
export const useLiveChat = () => {
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [isLoading, setLoading] = useState(true);
  const lastSeq = useRef(0);
  const conversation = useRef<string | null>(null);

  const apply = useCallback((id: string | null, incoming: readonly ChatMessage[]) => {
    if (id !== conversation.current) {
      conversation.current = id;
      lastSeq.current = 0;
      setConversationId(id);
      setMessages([]);
    }
    setMessages((current) => {
      const next = merge(current, incoming);
      lastSeq.current = next.at(-1)?.seq ?? 0;
      return next;
    });
  }, []);

  const readOn = useCallback(async () => {
    const thread = await callEndpoint(chatEndpoints.current, {
      query: { afterSeq: conversation.current ? lastSeq.current : 0 },
    });
    apply(thread?.conversation.id ?? null, thread?.messages ?? []);
    setLoading(false);
  }, [apply]);

  useEffect(() => {
    void readOn();
  }, [readOn]);
  useRealtimeReconnect(() => void readOn());
  useRealtimeEvent('contact.chat.message', (data) => {
    if (data.conversationId === conversation.current && data.message.seq === lastSeq.current + 1) {
      apply(data.conversationId, [data.message]);
      return;
    }
    // A gap, or a conversation this page has not seen: read on from what it holds.
    void readOn();
  });

  const send = async (body: string) => {
    const thread = await callEndpoint(chatEndpoints.send, { body: { body } });
    apply(thread.conversation.id, thread.messages);
    if (thread.messages[0] && thread.messages[0].seq > lastSeq.current + 1) void readOn();
  };

  const markRead = useCallback(async (seq: number) => {
    await callEndpoint(chatEndpoints.read, { body: { seq } });
  }, []);

  return { conversationId, messages, isLoading, send, markRead };
};
