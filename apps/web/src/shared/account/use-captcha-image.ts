import { sessionEndpoints } from '@tessera/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorKeyOf, isApiError } from '../api/api-error';
import { callEndpoint } from '../api/call-endpoint';
import { createThrottle } from '../hooks/throttle';

/** Captcha refresh is allowed once per second (spec section 9). */
const REFRESH_INTERVAL_MS = 1000;

/**
 * The captcha image (a PNG the server binds to this browser by cookie). `refresh` fetches at most once per
 * second, counted from the last answer so the server's own once-a-second limit never refuses it; a refresh
 * asked sooner runs when the second is up, so the last request always gets a fresh image. Should the server
 * still say too_many_requests (another tab), the image is asked for once more a second later.
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

  const retryRef = useRef<(() => void) | null>(null);

  const load = useCallback(async (isRetry: boolean) => {
    setLoading(true);
    try {
      const png = await callEndpoint(sessionEndpoints.captcha);
      if (!isMounted.current) return;
      setImage(`data:image/png;base64,${png}`);
      setErrorCode(null);
    } catch (error) {
      if (!isMounted.current) return;
      if (!isRetry && isApiError(error) && error.code === 'too_many_requests') {
        throttle.current.restart();
        retryRef.current?.();
        return;
      }
      setErrorCode(errorKeyOf(error));
    } finally {
      throttle.current.restart();
      if (isMounted.current) setLoading(false);
    }
  }, []);

  const schedule = useCallback(
    (isRetry: boolean) => {
      if (timer.current !== null) return;
      const wait = throttle.current.waitMs();
      if (wait > 0) {
        timer.current = window.setTimeout(() => {
          timer.current = null;
          throttle.current.tryPass();
          void load(isRetry);
        }, wait);
        return;
      }
      throttle.current.tryPass();
      void load(isRetry);
    },
    [load],
  );
  retryRef.current = () => schedule(true);

  const refresh = useCallback(() => schedule(false), [schedule]);

  return { image, errorCode, isLoading, refresh };
};

export type CaptchaImage = ReturnType<typeof useCaptchaImage>;
