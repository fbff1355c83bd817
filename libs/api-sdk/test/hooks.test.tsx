import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  configureHttp,
  createQueryClient,
  resetHttpConfig,
  useDictDictionary,
  useOauthToken,
  useParamList,
} from '../src';
import type {
  ApiError,
  DictItem,
  NotFoundResponse,
  NotImplementedResponse,
  OAuthBadRequestResponse,
  OAuthError,
  OAuthUnauthorizedResponse,
  ParamPage,
  ServerErrorResponse,
  TokenResult,
} from '../src';
import { createMockHandlers, envelope, errorResponse, getParamListMockHandler } from '../src/mocks';

const server = setupServer(...createMockHandlers());

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetHttpConfig();
});
afterAll(() => server.close());

function wrapper({ children }: { children: ReactNode }) {
  const client = createQueryClient();
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

// Type-level checks (verified by `tsc --noEmit`, the typecheck target): generated hooks expose the *unwrapped*
// model, raw OAuth bodies stay raw, and errors are ApiError.
describe('types', () => {
  it('hook data is the unwrapped model, errors are ApiError', () => {
    configureHttp({ baseUrl: 'http://localhost' });
    const list = renderHook(() => useParamList({ current: 1, size: 10 }), { wrapper }).result.current;
    expectTypeOf(list.data).toEqualTypeOf<ParamPage | undefined>();
    expectTypeOf(list.error).toMatchTypeOf<ApiError | null>();
    const dict = renderHook(() => useDictDictionary({ code: 'judge' }), { wrapper }).result.current;
    expectTypeOf(dict.data).toEqualTypeOf<DictItem[] | undefined>();
    const token = renderHook(() => useOauthToken(), { wrapper }).result.current;
    expectTypeOf(token.data).toEqualTypeOf<TokenResult | undefined>();
    // the token endpoint's own answers (400, 401, 429), and those every operation declares (404, 500, 501)
    expectTypeOf(token.error).toEqualTypeOf<ApiError<
      | OAuthBadRequestResponse
      | OAuthUnauthorizedResponse
      | OAuthError
      | NotFoundResponse
      | ServerErrorResponse
      | NotImplementedResponse
    > | null>();
    expect(token.isIdle).toBe(true);
  });
});

describe('generated hooks + MSW handlers (jsdom)', () => {
  it('renders the unwrapped page from the generated example handler', async () => {
    configureHttp({ baseUrl: 'http://localhost', getToken: () => 't' });
    const { result } = renderHook(() => useParamList({ current: 1, size: 10 }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.total).toBe(42);
    expect(result.current.data?.records[0]?.paramKey).toBe('account.registerUser');
  });

  it('an override handler wins and sees the request headers and query', async () => {
    configureHttp({ baseUrl: 'http://localhost', getToken: () => 't', getTenantId: () => '000000' });
    const seen = vi.fn<(auth: string | null, tenant: string | null, size: string | null) => void>();
    server.use(
      getParamListMockHandler(({ request }) => {
        seen(
          request.headers.get('Smart-Auth'),
          request.headers.get('Tenant-Id'),
          new URL(request.url).searchParams.get('size'),
        );
        return envelope({ total: 1, size: 30, current: 1, pages: 1, records: [] });
      }),
    );
    const { result } = renderHook(() => useParamList({ current: 1, size: 30 }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.total).toBe(1);
    expect(seen).toHaveBeenCalledWith('bearer t', '000000', '30');
  });

  it('a 4xx answer surfaces as ApiError without retries and with one toast', async () => {
    const notifyError = vi.fn<(message: string) => void>();
    let calls = 0;
    configureHttp({ baseUrl: 'http://localhost', notifyError });
    const { http } = await import('msw');
    server.use(
      http.get('*/api/smart-system/param/list', () => {
        calls++;
        return errorResponse(400, '参数校验失败');
      }),
    );
    const { result } = renderHook(() => useParamList(), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.code).toBe(400);
    expect(calls).toBe(1);
    expect(notifyError).toHaveBeenCalledTimes(1);
  });
});
