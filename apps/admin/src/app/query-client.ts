import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/api-error';

/** Retries only what may pass on a second try: network trouble and server errors, not refusals. */
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});
