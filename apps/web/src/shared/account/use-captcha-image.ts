import { sessionEndpoints } from '@tessera/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorKeyOf } from '../api/api-error';
import { callEndpoint } from '../api/call-endpoint';
import { createThrottle } from '../hooks/throttle';

/** Captcha refresh is allowed once per second (spec section 9). */
const REFRESH_INTERVAL_MS = 1000;

/**
 * The captcha image (a PNG the server binds to this browser by cookie). `refresh` fetches at most once per
 * second: a refresh asked sooner runs when the second is up, so the last request always gets a fresh image.
 */
export const useCaptchaImage = () => {
  const [image, setImage] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(false);
  const throttle = useRef(createThrottle(REFRESH_INTERVAL_MS));
  const timer = useRef<number | null>(null);
  const isMounted = useRef(true);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
      if (timer.current !== null) window.clearTimeout(timer.current);
    };
  }, []);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const png = await callEndpoint(sessionEndpoints.captcha);
      if (!isMounted.current) return;
      setImage(`data:image/png;base64,${png}`);
      setErrorCode(null);
    } catch (error) {
      if (isMounted.current) setErrorCode(errorKeyOf(error));
    } finally {
      if (isMounted.current) setLoading(false);
    }
  }, []);

  const refresh = useCallback(() => {
    if (timer.current !== null) return;
    const wait = throttle.current.waitMs();
    if (wait > 0) {
      timer.current = window.setTimeout(() => {
        timer.current = null;
        throttle.current.tryPass();
        void load();
      }, wait);
      return;
    }
    throttle.current.tryPass();
    void load();
  }, [load]);

  return { image, errorCode, isLoading, refresh };
};

export type CaptchaImage = ReturnType<typeof useCaptchaImage>;
