import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useIdle, whenIdle } from '../../../shared/hooks/use-idle';
import { navigateQuietly } from '../../../shared/routing/navigate-quietly';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { readSession, writeSession } from '../../../shared/storage/browser-storage';
import { useAnnouncements } from '../api/announcements';
import { dateTimeFormatOf } from '../format-date';
import { popupClosureKeyOf, popupsFor } from '../popup-rules';

const loadPopup = () => import('./announcement-popup');
const AnnouncementPopup = lazy(() => loadPopup().then((m) => ({ default: m.AnnouncementPopup })));

/**
 * Decides whether the announcement popup shows (spec sections 2 and 4): once the session's announcements
 * arrive, unless it was closed in this session (per user or anonymously), and never on top of another popup.
 * It opens once the page has drawn its first screen and the browser is idle; only then does it read the
 * announcements and the closure, and its own code load.
 */
export const AnnouncementPopupGate = () => (useIdle() ? <PopupGate /> : null);

const PopupGate = () => {
  const navigate = useNavigate();
  const announcements = useAnnouncements();
  const isLogin = usePublicStore((state) => state.isLogin);
  const language = usePublicStore((state) => state.language) ?? 'EN';
  const firstTimeLogin = usePublicStore((state) => state.firstTimeLogin);
  const activeDialog = useShellStore((state) => state.activeDialog);
  const openDialog = useShellStore((state) => state.openDialog);
  const closureKey = popupClosureKeyOf(isLogin);
  const [closedKey, setClosedKey] = useState<string | null>(null);
  const [isFormatMade, setFormatMade] = useState(false);

  const popups = popupsFor(announcements.data?.popup ?? [], { isLogin, firstTimeLogin });
  const isClosed = closedKey === closureKey || readSession(closureKey) === 'closed';
  const isOpen = announcements.isSuccess && popups.length > 0 && !isClosed && activeDialog === null;

  // The popup's dates: their format is made in a task of its own while the popup's code loads, and the popup first
  // renders once it is made (its first making loads the locale's calendar data), so the two never share one long task.
  useEffect(() => {
    // Once the popup has rendered, a new language's format is made with its render, as every other text changes.
    if (!isOpen || isFormatMade) return;
    // Its code loads meanwhile; a failed load is the lazy component's to show, not an unhandled rejection here.
    loadPopup().catch(() => undefined);
    let timer = 0;
    const cancelIdle = whenIdle(() => {
      dateTimeFormatOf(language);
      // A task later: Preact would render the change within this one.
      timer = window.setTimeout(() => setFormatMade(true), 0);
    });
    return () => {
      cancelIdle();
      window.clearTimeout(timer);
    };
  }, [isOpen, isFormatMade, language]);

  const close = () => {
    writeSession(closureKey, 'closed');
    setClosedKey(closureKey);
  };
  const handleGo = () => {
    close();
    if (isLogin) navigateQuietly(navigate('/member?page=rewardCenter'));
    else openDialog('login');
  };

  if (!isOpen || !isFormatMade) return null;
  return (
    <Suspense fallback={null}>
      {/* A new audience (login, logout) starts on page one. */}
      <AnnouncementPopup key={closureKey} popups={popups} onClose={close} onGo={handleGo} />
    </Suspense>
  );
};
