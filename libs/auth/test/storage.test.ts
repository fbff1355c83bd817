import { beforeEach, describe, expect, it } from 'vitest';
import { clearStore, configureWebsite, getStore, getStoreRecord, removeStore, setStore } from '../src';
import { resetBrowserState } from './helpers';

beforeEach(resetBrowserState);

describe('storage', () => {
  it('prefixes keys with the site key and saves {dataType, content, type, datetime}', () => {
    const before = Date.now();
    setStore({ name: 'token', content: 'abc' });
    const raw = localStorage.getItem('saber-token');
    expect(raw).not.toBeNull();
    const record = JSON.parse(raw ?? '{}') as Record<string, unknown>;
    expect(record).toMatchObject({ dataType: 'string', content: 'abc' });
    expect(record['datetime']).toBeGreaterThanOrEqual(before);
    expect(getStoreRecord<string>('token')?.datetime).toBe(record['datetime']);
  });

  it('uses the configured prefix', () => {
    configureWebsite({ key: 'smart' });
    setStore({ name: 'x', content: 1 });
    expect(localStorage.getItem('smart-x')).not.toBeNull();
  });

  it('goes to sessionStorage when a type is given, else localStorage', () => {
    setStore({ name: 'a', content: 1, type: 'session' });
    setStore({ name: 'b', content: 2 });
    expect(sessionStorage.getItem('saber-a')).not.toBeNull();
    expect(localStorage.getItem('saber-a')).toBeNull();
    expect(localStorage.getItem('saber-b')).not.toBeNull();
  });

  it('reads sessionStorage first, then localStorage', () => {
    localStorage.setItem('saber-k', JSON.stringify({ dataType: 'string', content: 'local', datetime: 1 }));
    expect(getStore({ name: 'k' })).toBe('local');
    sessionStorage.setItem(
      'saber-k',
      JSON.stringify({ dataType: 'string', content: 'session', datetime: 1 }),
    );
    expect(getStore({ name: 'k' })).toBe('session');
  });

  it('round-trips booleans, numbers, objects and arrays without eval', () => {
    setStore({ name: 'bool', content: false });
    setStore({ name: 'num', content: 0 });
    setStore({ name: 'obj', content: { a: [1, { b: 'c' }] } });
    setStore({ name: 'code', content: 'alert(1)' });
    expect(getStore<boolean>({ name: 'bool' })).toBe(false);
    expect(getStore<number>({ name: 'num' })).toBe(0);
    expect(getStore({ name: 'obj' })).toEqual({ a: [1, { b: 'c' }] });
    expect(getStore({ name: 'code' })).toBe('alert(1)');
    expect(getStoreRecord('obj')?.dataType).toBe('object');
  });

  it('returns undefined for missing or corrupt entries', () => {
    localStorage.setItem('saber-bad', '{not json');
    expect(getStore({ name: 'bad' })).toBeUndefined();
    expect(getStore({ name: 'missing' })).toBeUndefined();
  });

  it('removeStore removes from both areas, clearStore only this site', () => {
    setStore({ name: 'a', content: 1, type: 'session' });
    setStore({ name: 'b', content: 2 });
    localStorage.setItem('other-app', 'keep');
    removeStore({ name: 'a' });
    expect(getStore({ name: 'a' })).toBeUndefined();
    clearStore();
    expect(getStore({ name: 'b' })).toBeUndefined();
    expect(localStorage.getItem('other-app')).toBe('keep');
    setStore({ name: 'c', content: 3, type: 'session' });
    clearStore({ type: 'session' });
    expect(getStore({ name: 'c' })).toBeUndefined();
  });
});
