import { useParams } from 'react-router';
import { ChatRoom } from '../components/chat-room';
import styles from '../components/chat-rooms.module.css';

/** /chat-rooms/:roomId: the page CBS_launchChat answers as a room's chatUrl (members only). */
export const ChatRoomPage = () => {
  const { roomId = '' } = useParams();
  return (
    <div className={styles.page}>
      <ChatRoom key={roomId} roomId={roomId} />
    </div>
  );
};
