import { useTranslation } from 'react-i18next';
import { Card } from '../../../shared/ui/card/card';
import { LiveChat } from '../components/live-chat';

/** Personal centre "Live chat": the built-in chat with customer service (the LIVECHAT entry can open it). */
export const LiveChatPage = () => {
  const { t } = useTranslation('contact');
  return (
    <Card title={t('chat_title')} name="live-chat">
      <LiveChat />
    </Card>
  );
};
