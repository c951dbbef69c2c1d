import type { z } from 'zod';
import { whenIdle } from '../../../shared/hooks/use-idle';
import { readSession, writeSession } from '../../../shared/storage/browser-storage';

/**
 * Hot games and vendor lists are cached in session storage (spec section 9) under the original keys
 * (api-facts 12.3), with the language they were fetched in, so a language switch never shows stale names. A list
 * is written when the browser is next idle: serialising it is no part of showing it, so it stays out of the task
 * that renders it.
 */
export const createSessionCache = <T>(key: string, schema: z.ZodType<T>) => ({
  read: (language: string): T | undefined => {
    const text = readSession(key);
    if (!text) return undefined;
    try {
      const stored = JSON.parse(text) as { language?: unknown; value?: unknown };
      if (stored.language !== language) return undefined;
      const parsed = schema.safeParse(stored.value);
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  },
  write: (language: string, value: T): void => {
    whenIdle(() => writeSession(key, JSON.stringify({ language, value })));
  },
});
