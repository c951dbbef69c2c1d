import { type AdminChatRoom, type AdminChatRoomHost, CHAT_ROOM_LIMITS } from '@tessera/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
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

/** A failed save's message not tied to a field (a field's error shows under the field). */
const FormError = ({ error, className }: { error: unknown; className?: string }) => {
  const { t } = useTranslation();
  const code = formErrorOf(error);
  return code ? (
    <div className={className}>
      <Alert tone="danger">{t(`errors.${code}`)}</Alert>
    </div>
  ) : null;
};

/** One text input of a host's or a room's form, with its label, hint and the server's error for it. */
const TextField = ({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  maxLength,
  numeric,
  isRequired,
}: {
  id: string;
  label: string;
  hint?: string;
  error: ReturnType<typeof fieldErrorOf>;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  numeric?: boolean;
  isRequired?: boolean;
}) => (
  <Field label={label} htmlFor={id} hint={hint} error={error} isRequired={isRequired}>
    <input
      id={id}
      value={value}
      maxLength={maxLength}
      inputMode={numeric ? 'numeric' : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  </Field>
);

/** The form's buttons: add (a new one), or save and cancel (editing one). */
const FormActions = ({
  editing,
  addLabel,
  pending,
  onCancel,
}: {
  editing: boolean;
  addLabel: string;
  pending: boolean;
  onCancel?: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <div className={styles.formActions}>
      <Button type="submit" variant="primary" disabled={pending}>
        {editing ? t('chatRooms.save') : addLabel}
      </Button>
      {editing ? (
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('chatRooms.cancel')}
        </Button>
      ) : null}
    </div>
  );
};

/**
 * The frame of a host's and a room's form: its title when editing, the name (both have one), the other fields, the
 * buttons and the failure not tied to a field.
 */
const DetailsForm = ({
  form,
  title,
  nameLabel,
  name,
  onName,
  error,
  addLabel,
  pending,
  onSubmit,
  onCancel,
  children,
}: {
  form: string;
  title: string | null;
  nameLabel: string;
  name: string;
  onName: (value: string) => void;
  error: unknown;
  addLabel: string;
  pending: boolean;
  onSubmit: () => void;
  onCancel?: () => void;
  children: ReactNode;
}) => (
  <form
    className={styles.form}
    data-form={form}
    onSubmit={(event: FormEvent) => {
      event.preventDefault();
      onSubmit();
    }}
  >
    {title ? <h3 className={styles.formTitle}>{title}</h3> : null}
    <TextField
      id={`${form}-name`}
      label={nameLabel}
      error={fieldErrorOf(error, 'name')}
      value={name}
      onChange={onName}
      maxLength={CHAT_ROOM_LIMITS.nameMax}
      isRequired
    />
    {children}
    <FormActions editing={title !== null} addLabel={addLabel} pending={pending} onCancel={onCancel} />
    <FormError error={error} className={styles.formTitle} />
  </form>
);

/**
 * A host's details: without `host` it adds one (and empties itself after), with `host` it changes that host's name
 * and avatar and calls `onDone` once saved. One form for both, so both check and show errors alike.
 */
const HostForm = ({ code, host, onDone }: { code: string; host?: AdminChatRoomHost; onDone?: () => void }) => {
  const { t } = useTranslation();
  const save = useSaveHost(code);
  const [name, setName] = useState(host?.name ?? '');
  const [avatarUrl, setAvatarUrl] = useState(host?.avatarUrl ?? '');
  const form = host ? 'chat-host-edit' : 'chat-host';

  const onSubmit = () =>
    save.mutate(
      { id: host?.id ?? null, input: { name, avatarUrl, enabled: host?.enabled ?? true } },
      {
        onSuccess: () => {
          if (host) return onDone?.();
          setName('');
          setAvatarUrl('');
        },
      },
    );

  return (
    <DetailsForm
      form={form}
      title={host ? t('chatRooms.editHost', { name: host.name }) : null}
      nameLabel={t('chatRooms.hostName')}
      name={name}
      onName={setName}
      error={save.error}
      addLabel={t('chatRooms.addHost')}
      pending={save.isPending}
      onSubmit={onSubmit}
      onCancel={onDone}
    >
      <TextField
        id={`${form}-avatar`}
        label={t('chatRooms.avatarUrl')}
        hint={t('chatRooms.avatarHint')}
        error={fieldErrorOf(save.error, 'avatarUrl')}
        value={avatarUrl}
        onChange={setAvatarUrl}
      />
    </DetailsForm>
  );
};

/** The merchant's hosts: add one (name, optional avatar), change one's details, switch one on or off. */
export const ChatRoomHosts = ({ code, canManage }: { code: string; canManage: boolean }) => {
  const { t } = useTranslation();
  const hosts = useChatRoomHosts(code);
  const toggle = useSaveHost(code);
  const [editing, setEditing] = useState<string | null>(null);
  const list = hosts.data?.list ?? [];
  const edited = list.find((host) => host.id === editing);

  return (
    <Panel id="chat-room-hosts" title={t('chatRooms.hosts')}>
      <DataTable columns={[t('chatRooms.hostName'), t('chatRooms.rooms'), t('chatRooms.state'), '']} testId="hosts">
        {list.map((host) => (
          <tr key={host.id} data-host={host.name} aria-selected={host.id === editing}>
            <td data-label={t('chatRooms.hostName')}>{host.name}</td>
            <td data-label={t('chatRooms.rooms')}>{host.rooms}</td>
            <td data-label={t('chatRooms.state')}>
              <Badge tone={host.enabled ? 'success' : 'neutral'}>
                {host.enabled ? t('chatRooms.enabled') : t('chatRooms.disabled')}
              </Badge>
            </td>
            <td>
              {canManage ? (
                <div className={styles.rowActions}>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(host.id)}>
                    {t('chatRooms.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      toggle.mutate({
                        id: host.id,
                        input: { name: host.name, avatarUrl: host.avatarUrl ?? '', enabled: !host.enabled },
                      })
                    }
                  >
                    {host.enabled ? t('chatRooms.disable') : t('chatRooms.enable')}
                  </Button>
                </div>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
      {canManage ? (
        edited ? (
          <HostForm key={edited.id} code={code} host={edited} onDone={() => setEditing(null)} />
        ) : (
          <HostForm code={code} />
        )
      ) : null}
      <FormError error={toggle.error} />
    </Panel>
  );
};

/** A room's days of retention as the form holds it: empty for kept for good. */
const retentionText = (days: number | null | undefined) => (days ? String(days) : '');

/**
 * A room's details: without `room` it adds one, with `room` it changes that room's name, host, slow mode and
 * retention and calls `onDone` once saved. One form for both.
 */
const RoomForm = ({
  code,
  hosts,
  room,
  onDone,
}: {
  code: string;
  hosts: readonly AdminChatRoomHost[];
  room?: AdminChatRoom;
  onDone?: () => void;
}) => {
  const { t } = useTranslation();
  const save = useSaveRoom(code);
  const [name, setName] = useState(room?.name ?? '');
  const [hostId, setHostId] = useState(room?.hostId ?? '');
  const [slowMode, setSlowMode] = useState(String(room?.slowModeSeconds ?? 0));
  const [retention, setRetention] = useState(retentionText(room?.messageRetentionDays));
  const form = room ? 'chat-room-edit' : 'chat-room';

  const onSubmit = () => {
    const input = {
      name,
      hostId: hostId || (hosts[0]?.id ?? ''),
      slowModeSeconds: slowMode,
      open: room?.open ?? true,
      messageRetentionDays: retention.trim() === '' ? null : retention.trim(),
    };
    save.mutate(
      { id: room?.id ?? null, input },
      {
        onSuccess: () => {
          if (room) return onDone?.();
          setName('');
        },
      },
    );
  };

  return (
    <DetailsForm
      form={form}
      title={room ? t('chatRooms.editRoom', { name: room.name }) : null}
      nameLabel={t('chatRooms.roomName')}
      name={name}
      onName={setName}
      error={save.error}
      addLabel={t('chatRooms.addRoom')}
      pending={save.isPending}
      onSubmit={onSubmit}
      onCancel={onDone}
    >
      <Field label={t('chatRooms.host')} htmlFor={`${form}-host`} error={fieldErrorOf(save.error, 'hostId')}>
        <select id={`${form}-host`} value={hostId} onChange={(event) => setHostId(event.target.value)}>
          {hosts.map((host) => (
            <option key={host.id} value={host.id}>
              {host.name}
            </option>
          ))}
        </select>
      </Field>
      <TextField
        id={`${form}-slow`}
        label={t('chatRooms.slowMode')}
        hint={t('chatRooms.slowModeHint', { max: CHAT_ROOM_LIMITS.slowModeMaxSeconds })}
        error={fieldErrorOf(save.error, 'slowModeSeconds')}
        value={slowMode}
        onChange={setSlowMode}
        numeric
      />
      <TextField
        id={`${form}-retention`}
        label={t('chatRooms.retention')}
        hint={t('chatRooms.retentionHint', { max: CHAT_ROOM_LIMITS.retentionMaxDays })}
        error={fieldErrorOf(save.error, 'messageRetentionDays')}
        value={retention}
        onChange={setRetention}
        numeric
      />
    </DetailsForm>
  );
};

/** The merchant's rooms: add one, change one's details, open or close one, pick one to watch. */
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
  const toggle = useSaveRoom(code);
  const [editing, setEditing] = useState<string | null>(null);
  const hostList = hosts.data?.list ?? [];
  const list = rooms.data?.list ?? [];
  const edited = list.find((room) => room.id === editing);

  return (
    <Panel id="chat-rooms" title={t('chatRooms.roomsTitle')}>
      <DataTable
        columns={[
          t('chatRooms.roomName'),
          t('chatRooms.host'),
          t('chatRooms.slowModeColumn'),
          t('chatRooms.kept'),
          t('chatRooms.state'),
          '',
        ]}
        testId="rooms"
      >
        {list.map((room) => (
          <tr key={room.id} data-room={room.name} aria-selected={room.id === selected}>
            <td data-label={t('chatRooms.roomName')}>
              <button type="button" className={styles.linkButton} onClick={() => onSelect(room.id)}>
                {room.name}
              </button>
            </td>
            <td data-label={t('chatRooms.host')}>{room.hostName}</td>
            <td data-label={t('chatRooms.slowModeColumn')}>
              {room.slowModeSeconds > 0 ? t('chatRooms.seconds', { seconds: room.slowModeSeconds }) : '—'}
            </td>
            <td data-label={t('chatRooms.kept')}>
              {room.messageRetentionDays
                ? t('chatRooms.keptDays', { count: room.messageRetentionDays })
                : t('chatRooms.keptForGood')}
            </td>
            <td data-label={t('chatRooms.state')}>
              <Badge tone={room.open ? 'success' : 'neutral'}>
                {room.open ? t('chatRooms.open') : t('chatRooms.closed')}
              </Badge>
            </td>
            <td>
              {canManage ? (
                <div className={styles.rowActions}>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(room.id)}>
                    {t('chatRooms.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      toggle.mutate({
                        id: room.id,
                        input: {
                          name: room.name,
                          hostId: room.hostId,
                          slowModeSeconds: room.slowModeSeconds,
                          open: !room.open,
                          messageRetentionDays: room.messageRetentionDays,
                        },
                      })
                    }
                  >
                    {room.open ? t('chatRooms.close') : t('chatRooms.reopen')}
                  </Button>
                </div>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
      {canManage && hostList.length > 0 ? (
        edited ? (
          <RoomForm key={edited.id} code={code} hosts={hostList} room={edited} onDone={() => setEditing(null)} />
        ) : (
          <RoomForm code={code} hosts={hostList} />
        )
      ) : null}
      <FormError error={toggle.error} />
    </Panel>
  );
};
