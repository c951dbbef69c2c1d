import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** Only transport failures are worth retrying; a business error answers the same the second time. */
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 2 && isApiError(error) && (error.status === 0 || error.status >= 502);

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
