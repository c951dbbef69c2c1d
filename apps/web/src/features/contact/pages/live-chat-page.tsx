import { useTranslation } from 'react-i18next';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { Card } from '../../../shared/ui/card/card';
import { LiveChat } from '../components/live-chat';
import styles from '../components/live-chat.module.css';

/** Personal centre "Live chat": the built-in chat with customer service (the LIVECHAT entry can open it). */
export const LiveChatPage = () => {
  const { t } = useTranslation('contact');
  return (
    <Card title={t('chat_title')} name="live-chat">
      <LiveChat />
    </Card>
  );
};

/**
 * /chat: the same chat for anyone (decision 0104). A visitor writes without an account; signing in from here keeps
 * the conversation, which the member then adopts.
 */
export const PublicLiveChatPage = () => {
  const { t } = useTranslation('contact');
  const isLogin = usePublicStore((state) => state.isLogin);
  return (
    <div className={styles.page}>
      <Card title={t('chat_title')} name="live-chat">
        {isLogin ? null : (
          <p className={styles.guest} data-guest-note="">
            {t('chat_guest_note')}{' '}
            <button type="button" className={styles.link} onClick={() => useShellStore.getState().openDialog('login')}>
              {t('chat_guest_login')}
            </button>
          </p>
        )}
        <LiveChat />
      </Card>
    </div>
  );
};
