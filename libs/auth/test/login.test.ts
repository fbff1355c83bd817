import { ApiError } from '@smart/api-sdk';
import {
  envelope,
  getDictDictionaryMockHandler,
  getOauthTokenMockHandler,
  getOauthTokenResponseMock,
} from '@smart/api-sdk/mocks';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  getCookie,
  getDictionaries,
  getDictionary,
  getSession,
  getStore,
  getStoreRecord,
  lock,
  login,
  onLogin,
} from '../src';
import { BASE, useHarness } from './helpers';

const h = useHarness();

interface Seen {
  query: URLSearchParams;
  headers: Headers;
}

/** Answers every sign-in with token `acc-1` and the refresh token given (`''`: the server keeps it in its cookie). */
function captureToken(refreshToken = 'ref-1'): Seen[] {
  const seen: Seen[] = [];
  h.server.use(
    getOauthTokenMockHandler(({ request }) => {
      seen.push({ query: new URL(request.url).searchParams, headers: request.headers });
      return {
        ...getOauthTokenResponseMock(),
        access_token: 'acc-1',
        refresh_token: refreshToken,
        tenant_id: '000000',
      };
    }),
  );
  return seen;
}

function dictionaryHandler() {
  return getDictDictionaryMockHandler(({ request }) => {
    const code = new URL(request.url).searchParams.get('code') ?? '';
    return envelope([
      { id: '1', parentId: '0', code, dictKey: '0', dictValue: `${code}-0`, sort: 1, remark: '' },
      { id: '2', parentId: '0', code, dictKey: '1', dictValue: `${code}-1`, sort: 2, remark: '' },
    ]);
  });
}

describe('login', () => {
  it('sends the md5 hex of the password with grant_type=password, scope=all and Tenant-Id', async () => {
    const seen = captureToken();
    h.server.use(dictionaryHandler());
    await login({ tenantId: '000000', username: 'admin', password: 'admin', type: 'account' });
    expect(seen).toHaveLength(1);
    const { query, headers } = seen[0]!;
    expect(query.get('password')).toBe('21232f297a57a5a743894a0e4a801fc3');
    expect(query.get('grant_type')).toBe('password');
    expect(query.get('scope')).toBe('all');
    expect(query.get('username')).toBe('admin');
    expect(query.get('tenantId')).toBe('000000');
    expect(query.get('type')).toBe('account');
    expect(headers.get('Tenant-Id')).toBe('000000');
    expect(headers.get('Authorization')).toBe('Basic c2FiZXI6c2FiZXJfc2VjcmV0');
    expect(headers.has('Smart-Auth')).toBe(false);
  });

  it('stores token, refresh token, tenant and user info, with cookies, and emits login', async () => {
    captureToken();
    h.server.use(dictionaryHandler());
    const loginEvents = vi.fn();
    const off = onLogin(loginEvents);
    const before = Date.now();
    const result = await login({ username: 'admin', password: 'admin' });
    off();
    const session = getSession();
    expect(session.token).toBe('acc-1');
    expect(session.refreshToken).toBe('ref-1');
    expect(session.refreshCookie).toBe(false);
    expect(session.tenantId).toBe('000000');
    expect(session.userInfo).toEqual(result);
    expect(session.tokenSavedAt).toBeGreaterThanOrEqual(before);
    expect(getStore({ name: 'token' })).toBe('acc-1');
    expect(getStore({ name: 'refreshToken' })).toBe('ref-1');
    expect(getStoreRecord('token')?.datetime).toBe(session.tokenSavedAt);
    expect(getCookie('saber-access-token')).toBe('acc-1');
    expect(getCookie('saber-refresh-token')).toBe('ref-1');
    expect(loginEvents).toHaveBeenCalledWith({ type: 'login', userInfo: result });
  });

  it('asks for the refresh token as a cookie; an answer without it keeps none where a script could read it', async () => {
    const seen = captureToken('');
    h.server.use(dictionaryHandler());
    await login({ username: 'admin', password: 'admin' });
    expect(seen[0]!.headers.get('Smart-Refresh')).toBe('cookie');
    const session = getSession();
    expect(session.token).toBe('acc-1');
    expect(session.refreshToken).toBe('');
    expect(session.refreshCookie).toBe(true);
    expect(getStore({ name: 'refreshToken' })).toBeUndefined();
    expect(getStore({ name: 'refreshCookie' })).toBe(true);
    expect(getCookie('saber-refresh-token')).toBeUndefined();
  });

  it('clears the lock', async () => {
    await lock('1234');
    expect(getSession().isLock).toBe(true);
    captureToken();
    h.server.use(dictionaryHandler());
    await login({ username: 'admin', password: 'admin' });
    expect(getSession().isLock).toBe(false);
    expect(getSession().lockPasswd).toBe('');
  });

  it('loads and caches the five dictionaries, with numeric judge keys', async () => {
    captureToken();
    const codes: string[] = [];
    h.server.use(
      http.get('*/api/smart-system/dict/dictionary', ({ request }) => {
        const code = new URL(request.url).searchParams.get('code') ?? '';
        codes.push(code);
        expect(request.headers.get('Smart-Auth')).toBe('bearer acc-1');
        return HttpResponse.json(
          envelope([{ id: '1', parentId: '0', code, dictKey: '2', dictValue: 'v', sort: 1, remark: '' }]),
        );
      }),
    );
    await login({ username: 'admin', password: 'admin' });
    expect(codes.sort()).toEqual([
      'introduction_keywords',
      'judge',
      'judging_data',
      'multiple_condition',
      'xhs_action',
    ]);
    expect(getDictionary('judge')[0]?.dictKey).toBe(2);
    expect(getDictionaries().xhs_action[0]?.dictKey).toBe('2');
    expect(getStore<{ judge: { dictKey: number }[] }>({ name: 'dictionaries' })?.judge[0]?.dictKey).toBe(2);
  });

  it('a failed dictionary does not fail the login', async () => {
    captureToken();
    h.server.use(
      http.get('*/api/smart-system/dict/dictionary', () =>
        HttpResponse.json({ code: 500, msg: 'x' }, { status: 500 }),
      ),
    );
    await expect(login({ username: 'admin', password: 'admin' })).resolves.toMatchObject({
      access_token: 'acc-1',
    });
    expect(getSession().token).toBe('acc-1');
    expect(getDictionary('judge')).toEqual([]);
  });

  it('rejects a refused grant (error_description) with one toast and stores nothing', async () => {
    h.server.use(
      http.post(`${BASE}/api/smart-auth/oauth/token`, () =>
        HttpResponse.json({ error: 'invalid_grant', error_description: '用户名或密码错误' }, { status: 400 }),
      ),
    );
    const error = await login({ username: 'admin', password: 'bad' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('用户名或密码错误');
    expect(h.notifyError).toHaveBeenCalledTimes(1);
    expect(h.notifyError).toHaveBeenCalledWith('用户名或密码错误', error);
    expect(getSession().token).toBe('');
    expect(getCookie('saber-access-token')).toBeUndefined();
  });

  it('rejects an HTTP-200 body carrying error_description, toasting once', async () => {
    h.server.use(
      http.post(`${BASE}/api/smart-auth/oauth/token`, () =>
        HttpResponse.json({ error: 'access_denied', error_description: '租户ID未找到' }),
      ),
    );
    await expect(login({ username: 'admin', password: 'x' })).rejects.toMatchObject({
      message: '租户ID未找到',
    });
    expect(h.notifyError).toHaveBeenCalledTimes(1);
    expect(getSession().token).toBe('');
  });
});
