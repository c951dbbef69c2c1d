import { type AdminChatRoomEntry, CHAT_ROOM_LIMITS } from '@tessera/contracts';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/api-error';
import { fieldErrorOf, formErrorOf } from '../../../shared/api/field-error-of';
import { currentLocale } from '../../../shared/i18n/i18n';
import { useDeskStream } from '../../../shared/realtime/desk-stream';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { Panel } from '../../../shared/ui/panel';
import {
  readChatRoomEntries,
  useChatRoomMutes,
  useMuteMember,
  useRemoveMessage,
  useUnmuteMember,
} from '../api/chat-rooms-api';
import styles from './chat-rooms.module.css';

/** Entries by number: a push seen twice, or read again, shows once; a removal marks its message removed. */
const applyEntries = (current: readonly AdminChatRoomEntry[], incoming: readonly AdminChatRoomEntry[]) => {
  const bySeq = new Map(current.map((entry) => [entry.seq, entry]));
  for (const entry of incoming) bySeq.set(entry.seq, { ...bySeq.get(entry.seq), ...entry });
  for (const entry of incoming) {
    const target = entry.removedSeq === null ? undefined : bySeq.get(entry.removedSeq);
    if (entry.kind === 'removal' && target)
      bySeq.set(target.seq, { ...target, removed: true, removedBy: entry.removedBy });
  }
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
};

/**
 * A room's messages live (the desk's stream, decision 0164), with removal and muting for operators who may moderate.
 * After a reconnect or a gap in the numbers, it reads on from the last number it holds.
 */
export const ChatRoomLog = ({ code, roomId, canModerate }: { code: string; roomId: string; canModerate: boolean }) => {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<AdminChatRoomEntry[]>([]);
  const [readError, setReadError] = useState<string | null>(null);
  const lastSeq = useRef<number | null>(null);
  const remove = useRemoveMessage(code);
  const mute = useMuteMember(code);
  const [muting, setMuting] = useState<{ memberId: string; author: string } | null>(null);
  const [minutes, setMinutes] = useState('');
  const [reason, setReason] = useState('');
  const time = new Intl.DateTimeFormat(currentLocale(), { timeStyle: 'medium' });

  const take = useCallback((incoming: readonly AdminChatRoomEntry[]) => {
    setEntries((current) => {
      const next = applyEntries(current, incoming);
      lastSeq.current = Math.max(lastSeq.current ?? 0, next.at(-1)?.seq ?? 0);
      return next;
    });
  }, []);

  const readOn = useCallback(async () => {
    try {
      const answer = await readChatRoomEntries(code, roomId, lastSeq.current ?? undefined);
      if (lastSeq.current === null) lastSeq.current = answer.lastSeq;
      take(answer.list);
      setReadError(null);
    } catch (failure) {
      setReadError(errorCodeOf(failure));
    }
  }, [code, roomId, take]);

  useEffect(() => {
    lastSeq.current = null;
    setEntries([]);
    void readOn();
  }, [readOn]);

  useDeskStream(code, {
    onReady: () => void readOn(),
    onEvent: (event) => {
      if (event.type === 'chatRooms.room' && event.data.roomId === roomId) void readOn();
      if (event.type !== 'chatRooms.entry' || event.data.roomId !== roomId) return;
      if (lastSeq.current !== null && event.data.entry.seq === lastSeq.current + 1) {
        take([{ ...event.data.entry, memberId: event.data.memberId, removedBy: event.data.removedBy }]);
      } else void readOn();
    },
  });

  const onMute = (event: FormEvent) => {
    event.preventDefault();
    if (!muting) return;
    mute.mutate(
      { memberId: muting.memberId, minutes: minutes.trim() === '' ? null : minutes, reason },
      {
        onSuccess: () => {
          setMuting(null);
          setMinutes('');
          setReason('');
        },
      },
    );
  };
  const messages = entries.filter((entry) => entry.kind === 'message');
  const actionError = formErrorOf(remove.error) ?? formErrorOf(mute.error);

  return (
    <Panel id="chat-room-log" title={t('chatRooms.liveTitle')} description={t('chatRooms.liveHint')}>
      {readError ? <Alert tone="danger">{t(`errors.${readError}`)}</Alert> : null}
      <ol className={styles.log} data-testid="room-log">
        {messages.length === 0 ? <li className={styles.empty}>{t('chatRooms.noMessages')}</li> : null}
        {messages.map((entry) => (
          <li key={entry.seq} className={styles.entry} data-seq={entry.seq} data-removed={entry.removed || undefined}>
            <div className={styles.entryHead}>
              <strong>{entry.author}</strong>
              <span className={styles.muted}>
                #{entry.seq} · {time.format(new Date(entry.createdAt))}
              </span>
            </div>
            <p className={entry.removed ? styles.removedBody : styles.body}>{entry.body}</p>
            {entry.removed ? (
              <p className={styles.muted}>{t('chatRooms.removedBy', { name: entry.removedBy ?? '—' })}</p>
            ) : null}
            {canModerate ? (
              <div className={styles.actions}>
                {entry.removed ? null : (
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ roomId, seq: entry.seq })}
                  >
                    {t('chatRooms.remove')}
                  </Button>
                )}
                {entry.memberId ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setMuting({ memberId: entry.memberId ?? '', author: entry.author })}
                  >
                    {t('chatRooms.mute')}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {muting ? (
        <form className={styles.form} onSubmit={onMute} data-form="chat-mute">
          <p className={styles.formTitle}>{t('chatRooms.muteTitle', { name: muting.author })}</p>
          <Field
            label={t('chatRooms.muteMinutes')}
            htmlFor="mute-minutes"
            hint={t('chatRooms.muteMinutesHint')}
            error={fieldErrorOf(mute.error, 'minutes')}
          >
            <input id="mute-minutes" inputMode="numeric" value={minutes} onChange={(e) => setMinutes(e.target.value)} />
          </Field>
          <Field label={t('chatRooms.muteReason')} htmlFor="mute-reason" error={fieldErrorOf(mute.error, 'reason')}>
            <input
              id="mute-reason"
              value={reason}
              maxLength={CHAT_ROOM_LIMITS.reasonMax}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <div className={styles.actions}>
            <Button type="submit" disabled={mute.isPending}>
              {t('chatRooms.muteConfirm')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setMuting(null)}>
              {t('chatRooms.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
      {actionError ? <Alert tone="danger">{t(`errors.${actionError}`)}</Alert> : null}
    </Panel>
  );
};

/** The members muted now, with their end and reason; moderators lift a mute. */
export const ChatRoomMutes = ({ code, canModerate }: { code: string; canModerate: boolean }) => {
  const { t } = useTranslation();
  const mutes = useChatRoomMutes(code);
  const unmute = useUnmuteMember(code);
  const format = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'short', timeStyle: 'short' });
  const list = mutes.data?.list ?? [];
  return (
    <Panel id="chat-room-mutes" title={t('chatRooms.mutesTitle')}>
      {list.length === 0 ? <p className={styles.muted}>{t('chatRooms.noMutes')}</p> : null}
      <ul className={styles.mutes} data-testid="mutes">
        {list.map((row) => (
          <li key={row.memberId} data-muted={row.username}>
            <span>
              <strong>{row.username}</strong> ·{' '}
              {row.mutedUntil
                ? t('chatRooms.mutedUntil', { time: format.format(new Date(row.mutedUntil)) })
                : t('chatRooms.mutedIndefinitely')}
              {row.reason ? ` · ${row.reason}` : ''} · {row.mutedBy}
            </span>
            {canModerate ? (
              <Button size="sm" variant="secondary" onClick={() => unmute.mutate(row.memberId)}>
                {t('chatRooms.unmute')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </Panel>
  );
};
