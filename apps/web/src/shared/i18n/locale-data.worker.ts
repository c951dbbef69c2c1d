/**
 * Makes a date format in the locale it is sent, then answers. Making the first one in a page loads the locale
 * data (ICU's files and caches, tens of milliseconds); the process shares them, so making it here first leaves
 * the main thread's own making of the same format to take well under a millisecond.
 */
import type { WarmRequest } from './warm-locale-data';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WarmRequest>) => void) | null;
  postMessage: (message: string) => void;
};

scope.onmessage = ({ data }) => {
  try {
    new Intl.DateTimeFormat(data.locale, data.dateTime).format(0);
  } finally {
    scope.postMessage(data.locale);
  }
};
