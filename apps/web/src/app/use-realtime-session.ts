import { useEffect, useRef } from 'react';
import { usePublicStore } from '../shared/state/public-store';
import { readToken } from '../shared/storage/browser-storage';

/**
 * Binds the realtime socket to the member's session: opened with the token at login, dropped at logout. The
 * socket's code is fetched at the first login of the page, so a visitor's first load does without it.
 */
export const useRealtimeSession = (): void => {
  const isLogin = usePublicStore((state) => state.isLogin);
  const hasConnected = useRef(false);
  useEffect(() => {
    if (!isLogin && !hasConnected.current) return;
    hasConnected.current = true;
    const token = isLogin ? readToken() : null;
    // Module promises settle in the order they were asked for, so a login then a logout apply in that order.
    void import('../shared/realtime/realtime').then(({ realtime }) => realtime.setToken(token));
  }, [isLogin]);
};
