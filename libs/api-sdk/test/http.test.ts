import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, configureHttp, resetHttpConfig, serializeParams, unwrapBody } from '../src/http';
import type { HttpConfig } from '../src/http';
import { createQueryClient, shouldRetryQuery } from '../src/query';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: FetchMock;
let onUnauthorized: ReturnType<typeof vi.fn<HttpConfig['onUnauthorized']>>;
let notifyError: ReturnType<typeof vi.fn<HttpConfig['notifyError']>>;
let token: string | undefined;

function setup(extra: Partial<HttpConfig> = {}): void {
  configureHttp({
    baseUrl: '',
    clientId: 'saber',
    clientSecret: 'saber_secret',
    tokenHeader: 'Smart-Auth',
    getToken: () => token,
    getTenantId: () => '000000',
    getDeptId: () => undefined,
    getRoleId: () => undefined,
    onUnauthorized,
    notifyError,
    statusWhiteList: [],
    unknownErrorMessage: () => 'unknown error',
    fetch: fetchMock,
    ...extra,
  });
}

function lastRequest(): { url: string; headers: Headers; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [input, init = {}] = call;
  return { url: String(input), headers: new Headers(init.headers), init };
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => json({ code: 200, success: true, msg: 'ok', data: { a: 1 } }));
  onUnauthorized = vi.fn<HttpConfig['onUnauthorized']>();
  notifyError = vi.fn<HttpConfig['notifyError']>();
  token = 'tok-1';
  setup();
});

afterEach(() => {
  resetHttpConfig();
  vi.useRealTimers();
});

describe('request headers (docs/spec.md §7)', () => {
  it('sends the client Basic header on every request', async () => {
    token = undefined;
    await apiFetch({ url: '/api/x', method: 'GET' });
    expect(lastRequest().headers.get('Authorization')).toBe('Basic c2FiZXI6c2FiZXJfc2VjcmV0');
  });

  it('sends Smart-Auth: bearer <token> when a token exists', async () => {
    await apiFetch({ url: '/api/x', method: 'GET' });
    expect(lastRequest().headers.get('Smart-Auth')).toBe('bearer tok-1');
  });

  it('sends no token header without a token', async () => {
    token = undefined;
    await apiFetch({ url: '/api/x', method: 'GET' });
    expect(lastRequest().headers.has('Smart-Auth')).toBe(false);
  });

  it('sends no token header when the call opts out with meta.isToken false', async () => {
    await apiFetch({ url: '/api/x', method: 'GET' }, { meta: { isToken: false } });
    expect(lastRequest().headers.has('Smart-Auth')).toBe(false);
  });

  it('uses the configured token header name', async () => {
    setup({ tokenHeader: 'Blade-Auth' });
    await apiFetch({ url: '/api/x', method: 'GET' });
    expect(lastRequest().headers.get('Blade-Auth')).toBe('bearer tok-1');
  });

  it('sends Tenant-Id, and Dept-Id / Role-Id only when set', async () => {
    await apiFetch({ url: '/api/x', method: 'GET' });
    let { headers } = lastRequest();
    expect(headers.get('Tenant-Id')).toBe('000000');
    expect(headers.has('Dept-Id')).toBe(false);
    expect(headers.has('Role-Id')).toBe(false);

    setup({ getDeptId: () => '11', getRoleId: () => '22' });
    await apiFetch({ url: '/api/x', method: 'GET' });
    ({ headers } = lastRequest());
    expect(headers.get('Dept-Id')).toBe('11');
    expect(headers.get('Role-Id')).toBe('22');
  });

  it('lets caller-given headers win (generated header params, then request options)', async () => {
    await apiFetch(
      { url: '/api/x', method: 'POST', headers: { 'Tenant-Id': '111111', 'Dept-Id': undefined } },
      { headers: { 'Role-Id': '9', Authorization: 'Basic other' } },
    );
    const { headers } = lastRequest();
    expect(headers.get('Tenant-Id')).toBe('111111');
    expect(headers.has('Dept-Id')).toBe(false);
    expect(headers.get('Role-Id')).toBe('9');
    expect(headers.get('Authorization')).toBe('Basic other');
  });

  it('sends a JSON body with its content type, and prefixes the base URL', async () => {
    setup({ baseUrl: 'http://h.test/' });
    await apiFetch({ url: '/api/x', method: 'post', data: { a: 1 } });
    const { url, headers, init } = lastRequest();
    expect(url).toBe('http://h.test/api/x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(headers.get('Content-Type')).toBe('application/json');
  });
  it('lets fetch set the multipart boundary for FormData bodies', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    await apiFetch({
      url: '/api/up',
      method: 'POST',
      data: form,
      headers: { 'Content-Type': 'multipart/form-data' },
    });
    const { headers, init } = lastRequest();
    expect(headers.has('Content-Type')).toBe(false);
    expect(init.body).toBe(form);
  });
});

describe('query serialisation', () => {
  it('skips undefined, null and empty values; comma-joins arrays; encodes', () => {
    expect(
      serializeParams({
        a: undefined,
        b: null,
        c: '',
        d: 0,
        e: false,
        ids: ['1', '2'],
        q: 'a&b c',
        empty: [],
      }),
    ).toBe('d=0&e=false&ids=1%2C2&q=a%26b+c');
  });

  it('appends the query to the URL', async () => {
    await apiFetch({ url: '/api/x', method: 'GET', params: { current: 1, size: 10, name: '' } });
    expect(lastRequest().url).toBe('/api/x?current=1&size=10');
  });
});

describe('response handling (docs/spec.md §8)', () => {
  it('resolves an envelope with code 200 to its data', async () => {
    await expect(apiFetch({ url: '/api/x', method: 'GET' })).resolves.toEqual({ a: 1 });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('resolves a raw OAuth body as is', async () => {
    const body = { access_token: 'a', refresh_token: 'r', token_type: 'bearer' };
    fetchMock.mockResolvedValueOnce(json(body));
    await expect(apiFetch({ url: '/api/smart-auth/oauth/token', method: 'POST' })).resolves.toEqual(body);
  });

  it('resolves the raw logout body (string success, no code) as is', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: 'true', msg: 'success' }));
    await expect(apiFetch({ url: '/api/smart-auth/oauth/logout', method: 'GET' })).resolves.toEqual({
      success: 'true',
      msg: 'success',
    });
  });

  it('takes the code from the body even when the HTTP status is 200', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 400, success: false, msg: '业务异常', data: {} }, 200));
    const error = await apiFetch({ url: '/api/x', method: 'GET' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 400, status: 200, message: '业务异常' });
  });

  it('falls back to the HTTP status when the body has no code', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ error: 'invalid_grant', error_description: '用户名或密码错误' }, 400),
    );
    const error = await apiFetch({ url: '/api/x', method: 'GET' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 400, status: 400 });
  });

  it('reads the message from msg, else error_description, else the unknown-error text', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ code: 400, msg: 'from msg', error_description: 'no' }, 400))
      .mockResolvedValueOnce(json({ error: 'invalid_grant', error_description: 'from description' }, 400))
      .mockResolvedValueOnce(new Response('<html>not found</html>', { status: 404 }));
    const messages: string[] = [];
    for (let i = 0; i < 3; i++) {
      const error = await apiFetch({ url: '/api/x', method: 'GET' }).catch((e: unknown) => e);
      if (error instanceof ApiError) messages.push(error.message);
    }
    expect(messages).toEqual(['from msg', 'from description', 'unknown error']);
  });

  it('shows a toast and rejects with ApiError(code, message, status, body) for other codes', async () => {
    const body = { code: 400, success: false, msg: '参数校验失败', data: null };
    fetchMock.mockResolvedValueOnce(json(body, 400));
    const error = await apiFetch({ url: '/api/x', method: 'GET' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 400, status: 400, message: '参数校验失败', body });
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith('参数校验失败', error);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('rejects white-listed codes without a toast or logout', async () => {
    setup({ statusWhiteList: [400, 401] });
    fetchMock
      .mockResolvedValueOnce(json({ code: 400, msg: 'x' }, 400))
      .mockResolvedValueOnce(json({ code: 401, msg: 'y' }, 401));
    await expect(apiFetch({ url: '/api/x', method: 'GET' })).rejects.toMatchObject({ code: 400 });
    await expect(apiFetch({ url: '/api/x', method: 'GET' })).rejects.toMatchObject({ code: 401 });
    expect(notifyError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('401 calls onUnauthorized and rejects', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 401, success: false, msg: '请求未授权', data: null }, 401));
    await expect(apiFetch({ url: '/api/x', method: 'GET' })).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('parallel 401s call onUnauthorized once and toast at most once', async () => {
    fetchMock.mockImplementation(async () => json({ code: 401, msg: '令牌已失效', data: null }, 401));
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => apiFetch({ url: '/api/x', method: 'GET' })),
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(notifyError.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it('rejects and notifies on HTTP statuses above 500 (upstream was silent)', async () => {
    fetchMock.mockResolvedValueOnce(new Response('bad gateway', { status: 502 }));
    await expect(apiFetch({ url: '/api/x', method: 'GET' })).rejects.toMatchObject({
      status: 502,
      code: 502,
      kind: 'http',
    });
    expect(notifyError).toHaveBeenCalledTimes(1);
  });

  it('rejects and notifies on network errors', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    await expect(apiFetch({ url: '/api/x', method: 'GET' })).rejects.toMatchObject({
      kind: 'network',
      status: 0,
    });
    expect(notifyError).toHaveBeenCalledTimes(1);
  });

  it('rejects with a timeout ApiError after timeoutMs and notifies', async () => {
    setup({ timeoutMs: 20 });
    fetchMock.mockImplementationOnce(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(apiFetch({ url: '/api/x', method: 'GET' })).rejects.toMatchObject({
      kind: 'timeout',
      code: 0,
    });
    expect(notifyError).toHaveBeenCalledTimes(1);
  });

  it('a caller abort rejects quietly', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = apiFetch({ url: '/api/x', method: 'GET', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('a silent call rejects without a toast', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 400, msg: 'bad' }, 400));
    await expect(apiFetch({ url: '/api/x', method: 'GET' }, { silent: true })).rejects.toMatchObject({
      code: 400,
    });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('collapses identical toasts within the dedupe window', async () => {
    fetchMock.mockImplementation(async () => json({ code: 500, msg: '服务器异常' }, 500));
    await Promise.allSettled([
      apiFetch({ url: '/a', method: 'GET' }),
      apiFetch({ url: '/b', method: 'GET' }),
    ]);
    expect(notifyError).toHaveBeenCalledTimes(1);
  });
});

describe('unwrapBody', () => {
  it('unwraps envelopes, keeps raw bodies', () => {
    expect(unwrapBody({ code: 200, success: true, msg: '', data: [1] })).toEqual([1]);
    expect(unwrapBody({ code: 200, success: true, msg: '' })).toBeUndefined();
    expect(unwrapBody({ access_token: 'x' })).toEqual({ access_token: 'x' });
    expect(unwrapBody([1, 2])).toEqual([1, 2]);
  });
});

describe('retries', () => {
  it('never retries 4xx or business errors below 500', () => {
    expect(shouldRetryQuery(0, new ApiError(400, 'x', 400))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(404, 'x', 404, undefined, 'business'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(400, 'x', 200))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(0, 'x', 0, undefined, 'timeout'))).toBe(false);
  });

  it('retries 5xx and network errors at most twice', () => {
    const e = new ApiError(502, 'x', 502, undefined, 'http');
    expect(shouldRetryQuery(0, e)).toBe(true);
    expect(shouldRetryQuery(1, e)).toBe(true);
    expect(shouldRetryQuery(2, e)).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(0, 'x', 0, undefined, 'network'))).toBe(true);
  });

  it('createQueryClient wires the predicate and never retries mutations', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.retry).toBe(shouldRetryQuery);
    expect(client.getDefaultOptions().mutations?.retry).toBe(false);
  });

  it('a 4xx query fails after exactly one request', async () => {
    fetchMock.mockImplementation(async () => json({ code: 400, msg: 'bad' }, 400));
    const client = createQueryClient();
    await expect(
      client.fetchQuery({
        queryKey: ['x'],
        queryFn: () => apiFetch({ url: '/api/x', method: 'GET' }),
        retry: shouldRetryQuery,
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
