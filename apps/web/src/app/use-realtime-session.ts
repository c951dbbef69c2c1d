import { useEffect } from 'react';
import { realtime } from '../shared/realtime/realtime';
import { usePublicStore } from '../shared/state/public-store';
import { readToken } from '../shared/storage/browser-storage';

/** Binds the realtime socket to the member's session: opened with the token at login, dropped at logout. */
export const useRealtimeSession = (): void => {
  const isLogin = usePublicStore((state) => state.isLogin);
  useEffect(() => {
    realtime.setToken(isLogin ? readToken() : null);
  }, [isLogin]);
};
