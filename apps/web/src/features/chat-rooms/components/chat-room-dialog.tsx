import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorKeyOf } from '../../../shared/api/api-error';
import { navigateQuietly } from '../../../shared/routing/navigate-quietly';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { Button } from '../../../shared/ui/button/button';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { FormError } from '../../../shared/ui/form/form-error';
import { UsersIcon } from '../../../shared/ui/icons/icons';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { launchChatRoom, useChatRoomHosts } from '../api/chat-rooms-api';
import styles from './chat-rooms.module.css';
import { HostAvatar } from './host-avatar';

export interface ChatRoomDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The chat-room modal (spec section 2 "Modals"): the merchant's hosts and their rooms (CBS_modelList). Joining asks
 * CBS_launchChat for the room's chatUrl and opens it; a visitor is asked to sign in first.
 */
export const ChatRoomDialog = ({ isOpen, onClose }: ChatRoomDialogProps) => {
  const { t } = useTranslation('chat-rooms');
  const navigate = useNavigate();
  const isLogin = usePublicStore((state) => state.isLogin);
  const hosts = useChatRoomHosts(isOpen);
  const [joining, setJoining] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = hosts.data?.list ?? [];

  const join = async (roomId: string) => {
    if (!isLogin) {
      useShellStore.getState().openDialog('login');
      return;
    }
    setJoining(roomId);
    setError(null);
    try {
      const { chatUrl } = await launchChatRoom(roomId);
      onClose();
      navigateQuietly(navigate(chatUrl));
    } catch (failure) {
      setError(errorKeyOf(failure));
    } finally {
      setJoining(null);
    }
  };

  return (
    <Dialog name="chatRoom" isOpen={isOpen} onClose={onClose} title={t('cr_title')} size="md">
      <div className={styles.dialog}>
        {isLogin ? null : <p className={styles.note}>{t('cr_login_to_join')}</p>}
        <FormError code={error} />
        {hosts.isPending ? (
          <InlineLoader />
        ) : hosts.isError ? (
          <FormError code={errorKeyOf(hosts.error)} />
        ) : list.length === 0 ? (
          <EmptyState />
        ) : (
          <ul className={styles.hosts}>
            {list.map((host) => (
              <li key={host.id} className={styles.host} data-host={host.name}>
                <div className={styles.hostHead}>
                  <HostAvatar name={host.name} url={host.avatarUrl} />
                  <div>
                    <p className={styles.hostName}>{host.name}</p>
                    <p className={styles.hostMeta}>{t('cr_rooms', { number: host.rooms.length })}</p>
                  </div>
                </div>
                <ul className={styles.rooms}>
                  {host.rooms.map((room) => (
                    <li key={room.id} className={styles.roomRow} data-room={room.name}>
                      <UsersIcon aria-hidden="true" />
                      <span className={styles.roomName}>{room.name}</span>
                      {room.slowModeSeconds > 0 ? (
                        <span className={styles.badge}>{t('cr_slow_badge', { seconds: room.slowModeSeconds })}</span>
                      ) : null}
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={joining !== null}
                        onClick={() => void join(room.id)}
                        aria-label={t('cr_join_room', { name: room.name })}
                      >
                        {t('cr_join')}
                      </Button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
};
