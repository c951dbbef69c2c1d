import { CHAT_ROOM_LIMITS } from '@tessera/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorOf, formErrorOf } from '../../../shared/api/field-error-of';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { DataTable } from '../../../shared/ui/data-table';
import { Field } from '../../../shared/ui/field';
import { Panel } from '../../../shared/ui/panel';
import { useChatRoomHosts, useChatRooms, useSaveHost, useSaveRoom } from '../api/chat-rooms-api';
import styles from './chat-rooms.module.css';

/** The merchant's hosts: add one (name, optional avatar), switch one on or off. */
export const ChatRoomHosts = ({ code, canManage }: { code: string; canManage: boolean }) => {
  const { t } = useTranslation();
  const hosts = useChatRoomHosts(code);
  const save = useSaveHost(code);
  const [name, setName] = useState('');
  const [avatarUrl, setAvatarUrl] = useState('');
  const formError = formErrorOf(save.error);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: null, input: { name, avatarUrl, enabled: true } },
      {
        onSuccess: () => {
          setName('');
          setAvatarUrl('');
        },
      },
    );
  };

  return (
    <Panel id="chat-room-hosts" title={t('chatRooms.hosts')}>
      <DataTable columns={[t('chatRooms.hostName'), t('chatRooms.rooms'), t('chatRooms.state'), '']} testId="hosts">
        {(hosts.data?.list ?? []).map((host) => (
          <tr key={host.id} data-host={host.name}>
            <td data-label={t('chatRooms.hostName')}>{host.name}</td>
            <td data-label={t('chatRooms.rooms')}>{host.rooms}</td>
            <td data-label={t('chatRooms.state')}>
              <Badge tone={host.enabled ? 'success' : 'neutral'}>
                {host.enabled ? t('chatRooms.enabled') : t('chatRooms.disabled')}
              </Badge>
            </td>
            <td>
              {canManage ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    save.mutate({
                      id: host.id,
                      input: { name: host.name, avatarUrl: host.avatarUrl ?? '', enabled: !host.enabled },
                    })
                  }
                >
                  {host.enabled ? t('chatRooms.disable') : t('chatRooms.enable')}
                </Button>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
      {canManage ? (
        <form className={styles.form} onSubmit={onSubmit} data-form="chat-host">
          <Field
            label={t('chatRooms.hostName')}
            htmlFor="host-name"
            error={fieldErrorOf(save.error, 'name')}
            isRequired
          >
            <input
              id="host-name"
              value={name}
              maxLength={CHAT_ROOM_LIMITS.nameMax}
              onChange={(event) => setName(event.target.value)}
            />
          </Field>
          <Field
            label={t('chatRooms.avatarUrl')}
            htmlFor="host-avatar"
            hint={t('chatRooms.avatarHint')}
            error={fieldErrorOf(save.error, 'avatarUrl')}
          >
            <input id="host-avatar" value={avatarUrl} onChange={(event) => setAvatarUrl(event.target.value)} />
          </Field>
          <Button type="submit" disabled={save.isPending}>
            {t('chatRooms.addHost')}
          </Button>
        </form>
      ) : null}
      {formError ? <Alert tone="danger">{t(`errors.${formError}`)}</Alert> : null}
    </Panel>
  );
};

/** The merchant's rooms: add one (name, host, slow mode), open or close one, pick one to watch. */
export const ChatRoomList = ({
  code,
  canManage,
  selected,
  onSelect,
}: {
  code: string;
  canManage: boolean;
  selected: string | null;
  onSelect: (roomId: string) => void;
}) => {
  const { t } = useTranslation();
  const hosts = useChatRoomHosts(code);
  const rooms = useChatRooms(code);
  const save = useSaveRoom(code);
  const [name, setName] = useState('');
  const [hostId, setHostId] = useState('');
  const [slowMode, setSlowMode] = useState('0');
  const formError = formErrorOf(save.error);
  const hostList = hosts.data?.list ?? [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: null, input: { name, hostId: hostId || (hostList[0]?.id ?? ''), slowModeSeconds: slowMode, open: true } },
      { onSuccess: () => setName('') },
    );
  };

  return (
    <Panel id="chat-rooms" title={t('chatRooms.roomsTitle')}>
      <DataTable
        columns={[t('chatRooms.roomName'), t('chatRooms.host'), t('chatRooms.slowMode'), t('chatRooms.state'), '']}
        testId="rooms"
      >
        {(rooms.data?.list ?? []).map((room) => (
          <tr key={room.id} data-room={room.name} aria-selected={room.id === selected}>
            <td data-label={t('chatRooms.roomName')}>
              <button type="button" className={styles.linkButton} onClick={() => onSelect(room.id)}>
                {room.name}
              </button>
            </td>
            <td data-label={t('chatRooms.host')}>{room.hostName}</td>
            <td data-label={t('chatRooms.slowMode')}>
              {room.slowModeSeconds > 0 ? t('chatRooms.seconds', { seconds: room.slowModeSeconds }) : '—'}
            </td>
            <td data-label={t('chatRooms.state')}>
              <Badge tone={room.open ? 'success' : 'neutral'}>
                {room.open ? t('chatRooms.open') : t('chatRooms.closed')}
              </Badge>
            </td>
            <td>
              {canManage ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    save.mutate({
                      id: room.id,
                      input: {
                        name: room.name,
                        hostId: room.hostId,
                        slowModeSeconds: room.slowModeSeconds,
                        open: !room.open,
                      },
                    })
                  }
                >
                  {room.open ? t('chatRooms.close') : t('chatRooms.reopen')}
                </Button>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
      {canManage && hostList.length > 0 ? (
        <form className={styles.form} onSubmit={onSubmit} data-form="chat-room">
          <Field
            label={t('chatRooms.roomName')}
            htmlFor="room-name"
            error={fieldErrorOf(save.error, 'name')}
            isRequired
          >
            <input
              id="room-name"
              value={name}
              maxLength={CHAT_ROOM_LIMITS.nameMax}
              onChange={(event) => setName(event.target.value)}
            />
          </Field>
          <Field label={t('chatRooms.host')} htmlFor="room-host" error={fieldErrorOf(save.error, 'hostId')}>
            <select id="room-host" value={hostId} onChange={(event) => setHostId(event.target.value)}>
              {hostList.map((host) => (
                <option key={host.id} value={host.id}>
                  {host.name}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={t('chatRooms.slowMode')}
            htmlFor="room-slow"
            hint={t('chatRooms.slowModeHint', { max: CHAT_ROOM_LIMITS.slowModeMaxSeconds })}
            error={fieldErrorOf(save.error, 'slowModeSeconds')}
          >
            <input
              id="room-slow"
              inputMode="numeric"
              value={slowMode}
              onChange={(event) => setSlowMode(event.target.value)}
            />
          </Field>
          <Button type="submit" disabled={save.isPending}>
            {t('chatRooms.addRoom')}
          </Button>
        </form>
      ) : null}
      {formError ? <Alert tone="danger">{t(`errors.${formError}`)}</Alert> : null}
    </Panel>
  );
};
