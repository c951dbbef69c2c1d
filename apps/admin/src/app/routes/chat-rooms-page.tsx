import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ChatRoomLog, ChatRoomMutes } from '../../features/chat-rooms/components/chat-room-log';
import styles from '../../features/chat-rooms/components/chat-rooms.module.css';
import { ChatRoomHosts, ChatRoomList } from '../../features/chat-rooms/components/chat-rooms-setup';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { Panel } from '../../shared/ui/panel';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import { MerchantIndexPage } from './merchant-index-page';

const chatRoomsPathOf = (code: string) => `/merchants/${encodeURIComponent(code)}/chat-rooms`;

/** /chat-rooms: a merchant's chat rooms, or a merchant to pick first. */
export const ChatRoomsIndexPage = () => {
  const { t } = useTranslation();
  return (
    <MerchantIndexPage
      permission="chatRooms.read"
      title={t('chatRooms.title')}
      description={t('chatRooms.pickMerchant')}
      pathOf={chatRoomsPathOf}
    />
  );
};

/** /merchants/:code/chat-rooms: hosts and rooms (owner, content), a room's messages live and moderation. */
export const ChatRoomsPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  const [roomId, setRoomId] = useState<string | null>(null);
  if (!canOperator(operator.role, 'chatRooms.read')) return <Navigate to="/merchants" replace />;
  const canManage = canOperator(operator.role, 'chatRooms.manage');
  const canModerate = canOperator(operator.role, 'chatRooms.moderate');
  return (
    <>
      <PageHeader
        title={t('chatRooms.title')}
        description={t('chatRooms.description', { code })}
        breadcrumb={<Link to="/chat-rooms">{t('chatRooms.title')}</Link>}
      />
      <div className={styles.layout}>
        <div className={styles.stack}>
          <ChatRoomList code={code} canManage={canManage} selected={roomId} onSelect={setRoomId} />
          <ChatRoomHosts code={code} canManage={canManage} />
        </div>
        <div className={styles.stack}>
          {roomId ? (
            <ChatRoomLog key={roomId} code={code} roomId={roomId} canModerate={canModerate} />
          ) : (
            <Panel id="chat-room-log" title={t('chatRooms.liveTitle')}>
              <p>{t('chatRooms.pickRoom')}</p>
            </Panel>
          )}
          <ChatRoomMutes code={code} canModerate={canModerate} />
        </div>
      </div>
    </>
  );
};
