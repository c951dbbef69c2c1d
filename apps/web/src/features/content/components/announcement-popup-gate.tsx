import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useIdle } from '../../../shared/hooks/use-idle';
import { navigateQuietly } from '../../../shared/routing/navigate-quietly';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { useGatePopup } from '../../../shared/state/use-gate-popup';
import { readSession, writeSession } from '../../../shared/storage/browser-storage';
import { sessionKeys } from '../../../shared/storage/storage-keys';
import { useAnnouncements } from '../api/announcements';
import { dateTimeFormatOf, warmDateTimeFormat } from '../format-date';
import { parseSeenPopups, popupClosureKeyOf, popupKeyOf, popupsFor, unseenPopups } from '../popup-rules';

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

  const popups = unseenPopups(
    popupsFor(announcements.data?.popup ?? [], { isLogin, firstTimeLogin }),
    parseSeenPopups(readSession(sessionKeys.popupSeen)),
  );
  const isClosed = closedKey === closureKey || readSession(closureKey) === 'closed';
  const isOpen = announcements.isSuccess && popups.length > 0 && !isClosed && activeDialog === null;

  // The popup's dates: their locale data loads on a worker thread while the popup's code loads, and the popup first
  // renders once it has (making the first format of a page loads that data: a long task on the main thread).
  useEffect(() => {
    // Once the popup has rendered, a new language's format is made with its render, as every other text changes.
    if (!isOpen || isFormatMade) return;
    // Its code loads meanwhile; a failed load is the lazy component's to show, not an unhandled rejection here.
    loadPopup().catch(() => undefined);
    let isCancelled = false;
    void warmDateTimeFormat(language).then(() => {
      if (isCancelled) return;
      dateTimeFormatOf(language);
      setFormatMade(true);
    });
    return () => {
      isCancelled = true;
    };
  }, [isOpen, isFormatMade, language]);

  const close = () => {
    const seen = parseSeenPopups(readSession(sessionKeys.popupSeen));
    for (const popup of popups) seen.add(popupKeyOf(popup));
    writeSession(sessionKeys.popupSeen, JSON.stringify([...seen]));
    writeSession(closureKey, 'closed');
    setClosedKey(closureKey);
  };
  const handleGo = () => {
    close();
    if (isLogin) navigateQuietly(navigate('/member?page=rewardCenter'));
    else openDialog('login');
  };

  // Never on top of a responsible-gaming prompt: whichever comes first shows, the other when it is closed.
  const isShown = useGatePopup('announcements', isOpen && isFormatMade);
  if (!isShown) return null;
  return (
    <Suspense fallback={null}>
      {/* A new audience (login, logout) starts on page one. */}
      <AnnouncementPopup key={closureKey} popups={popups} onClose={close} onGo={handleGo} />
    </Suspense>
  );
};
