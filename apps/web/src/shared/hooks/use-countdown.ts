import { useCallback, useEffect, useState } from 'react';
import { secondsLeftUntil } from './throttle';

/** A countdown in whole seconds (the SMS resend wait); `start(seconds)` begins it again. */
export const useCountdown = () => {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const left = secondsLeftUntil(endsAt, Date.now());
      setSecondsLeft(left);
      if (left === 0) setEndsAt(null);
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    setSecondsLeft(seconds);
    setEndsAt(seconds > 0 ? Date.now() + seconds * 1000 : null);
  }, []);

  return { secondsLeft, isRunning: secondsLeft > 0, start };
};
