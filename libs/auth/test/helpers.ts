import { configureHttp, resetHttpConfig } from '@smart/api-sdk';
import type { HttpConfig } from '@smart/api-sdk';
import { createMockHandlers } from '@smart/api-sdk/mocks';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { createHttpConfig, hydrateSession, resetWebsite, stopTokenRefresh } from '../src';

export const BASE = 'http://localhost';

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}

export function resetBrowserState(): void {
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  resetWebsite();
  hydrateSession();
  stopTokenRefresh();
}

export interface Harness {
  server: ReturnType<typeof setupServer>;
  notifyError: ReturnType<typeof vi.fn<HttpConfig['notifyError']>>;
  onUnauthorized: ReturnType<typeof vi.fn<HttpConfig['onUnauthorized']>>;
}

/** MSW server with the SDK's generated handlers + the HTTP layer wired to the session as the console does. */
export function useHarness(): Harness {
  const server = setupServer(...createMockHandlers());
  const harness: Harness = {
    server,
    notifyError: vi.fn<HttpConfig['notifyError']>(),
    onUnauthorized: vi.fn<HttpConfig['onUnauthorized']>(),
  };
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    resetBrowserState();
    harness.notifyError = vi.fn<HttpConfig['notifyError']>();
    harness.onUnauthorized = vi.fn<HttpConfig['onUnauthorized']>();
    configureHttp(
      createHttpConfig({
        onUnauthorized: (e) => harness.onUnauthorized(e),
        notifyError: (m, e) => harness.notifyError(m, e),
        t: (key) => key,
        overrides: { baseUrl: BASE },
      }),
    );
  });
  afterEach(() => {
    server.resetHandlers();
    resetHttpConfig();
  });
  afterAll(() => server.close());
  return harness;
}
