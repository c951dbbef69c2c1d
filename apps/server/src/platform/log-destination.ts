import pino from 'pino';

/**
 * Standard output for the request log, buffered (decision 0049): a line written by its own system call cost as much
 * as answering the request did. Lines gather up to 8 KB and are written at least every 250 ms; what is buffered is
 * written synchronously on close and at exit, so only a killed process (SIGKILL) loses its last quarter second.
 */
export const bufferedStdout = (fd = 1) => {
  const destination = pino.destination({ dest: fd, sync: false, minLength: 8_192 });
  const flushNow = () => {
    try {
      destination.flushSync();
    } catch {
      // A write already under way carries what was buffered.
    }
  };
  const timer = setInterval(() => destination.flush(), 250);
  timer.unref();
  process.once('exit', flushNow);
  return {
    stream: destination,
    /** Writes what is buffered and stops the timer; later lines are written when 8 KB gather, or at exit. */
    close: () => {
      clearInterval(timer);
      flushNow();
    },
  };
};
