import { QueryClient } from '@tanstack/react-query';
import type { QueryClientConfig } from '@tanstack/react-query';
import { ApiError } from './http';

/** Retries a query at most twice (failureCount 0 and 1), never for an answer below 500 or a timeout. */
export const MAX_QUERY_RETRIES = 2;

/**
 * TanStack Query `retry` predicate (docs/toolchain.md pitfall 9): 4xx answers and business errors (any code below
 * 500, e.g. an `R.fail` with HTTP 200) are final; timeouts (100 s each) are final too. 5xx answers, network
 * errors and non-API errors are retried at most twice.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  if (error instanceof ApiError) {
    if (error.kind === 'timeout') return false;
    if (error.kind === 'network') return true;
    if (error.code < 500) return false;
    if (error.status > 0 && error.status < 500) return false;
  }
  return true;
}

/** A QueryClient with the console's defaults; `config` is merged over them. */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: {
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
        ...config.defaultOptions?.queries,
      },
      mutations: {
        retry: false,
        ...config.defaultOptions?.mutations,
      },
    },
  });
}
