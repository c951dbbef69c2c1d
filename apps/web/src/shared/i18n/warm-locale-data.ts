export interface WarmRequest {
  locale: string;
  dateTime: Intl.DateTimeFormatOptions;
}

export const GIVE_UP_AFTER_MS = 3000;

const warming = new Map<string, Promise<void>>();

/**
 * Loads a locale's date data on a worker thread, so that the main thread's first date format of that locale does
 * not spend a long task loading it (decision 0038). Resolves when it is loaded, or at once where there is no
 * worker or it fails: the main thread then loads the data itself, as it would have anyway.
 */
export const warmLocaleData = (request: WarmRequest): Promise<void> => {
  const key = `${request.locale} ${JSON.stringify(request.dateTime)}`;
  let warmed = warming.get(key);
  if (!warmed) {
    warmed = new Promise<void>((resolve) => {
      if (typeof Worker === 'undefined') {
        resolve();
        return;
      }
      let worker: Worker;
      try {
        worker = new Worker(new URL('./locale-data.worker.ts', import.meta.url), { type: 'module' });
      } catch {
        resolve();
        return;
      }
      // A worker that never answers (its script blocked or failed to load) leaves the main thread to do it.
      const timer = setTimeout(() => finish(), GIVE_UP_AFTER_MS);
      const finish = () => {
        clearTimeout(timer);
        worker.terminate();
        resolve();
      };
      worker.onmessage = finish;
      worker.onerror = finish;
      worker.postMessage(request);
    });
    warming.set(key, warmed);
  }
  return warmed;
};
