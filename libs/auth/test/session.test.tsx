import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  configureWebsite,
  defaultWebsite,
  getSession,
  getWebsite,
  hydrateSession,
  updateSession,
  useSession,
} from '../src';
import { resetBrowserState } from './helpers';

beforeEach(resetBrowserState);

describe('website', () => {
  it('has the spec defaults', () => {
    const w = getWebsite();
    expect(w).toMatchObject({
      title: 'Smart Console',
      key: 'saber',
      tenantId: '000000',
      tokenHeader: 'Smart-Auth',
      tokenTime: 3000,
      clientId: 'saber',
      clientSecret: 'saber_secret',
      tenantMode: false,
      captchaMode: false,
      switchMode: false,
      isFirstPage: false,
      statusWhiteList: [],
      refreshCheckMs: 10_000,
      lockDelayMs: 100,
      defaultLanguage: 'zh',
    });
    expect(w.firstPage).toEqual({
      label: '首页',
      value: '/wel/index',
      params: {},
      query: {},
      meta: { i18n: 'dashboard' },
      group: [],
      close: false,
    });
  });

  it('can be overridden in parts', () => {
    configureWebsite({ tenantMode: true, firstPage: { label: 'Home' } });
    expect(getWebsite().tenantMode).toBe(true);
    expect(getWebsite().firstPage.value).toBe('/wel/index');
    expect(getWebsite().firstPage.label).toBe('Home');
    expect(defaultWebsite.tenantMode).toBe(false);
  });
});

describe('session store', () => {
  it('persists and re-reads (reload)', () => {
    updateSession({ token: 'a', refreshToken: 'b', tenantId: '123456' });
    const savedAt = getSession().tokenSavedAt;
    hydrateSession();
    expect(getSession()).toMatchObject({
      token: 'a',
      refreshToken: 'b',
      tenantId: '123456',
      tokenSavedAt: savedAt,
    });
  });

  it('useSession re-renders on change', () => {
    const { result } = renderHook(() => useSession((s) => s.token));
    expect(result.current).toBe('');
    act(() => updateSession({ token: 'x' }));
    expect(result.current).toBe('x');
  });

  it('follows other tabs through the storage event', () => {
    const { result } = renderHook(() => useSession((s) => s.isLock));
    localStorage.setItem('saber-isLock', JSON.stringify({ dataType: 'boolean', content: true, datetime: 1 }));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'saber-isLock' }));
    });
    expect(result.current).toBe(true);
  });
});
