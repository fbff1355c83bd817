import { describe, expect, it } from 'vitest';
import { decideNavigation, shouldAddTab } from '../src';
import type { GuardRoute, GuardSession } from '../src';

const route = (path: string, extra: Partial<GuardRoute> = {}): GuardRoute => ({
  path,
  meta: {},
  query: {},
  ...extra,
});
const loggedIn: GuardSession = { token: 't', isLock: false, cookieToken: 't' };
const loggedOut: GuardSession = { token: '', isLock: false, cookieToken: '' };

describe('decideNavigation (docs/spec.md §2)', () => {
  it('sends an unauthenticated user to /login', () => {
    expect(decideNavigation({ to: route('/system/param'), session: loggedOut })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('lets an unauthenticated user through when meta.isAuth is false', () => {
    expect(
      decideNavigation({ to: route('/login', { meta: { isAuth: false } }), session: loggedOut }),
    ).toEqual({ kind: 'allow' });
    expect(decideNavigation({ to: route('/404', { meta: { isAuth: false } }), session: loggedOut })).toEqual({
      kind: 'allow',
    });
  });

  it('sends a logged-in user visiting /login to /', () => {
    expect(decideNavigation({ to: route('/login', { meta: { isAuth: false } }), session: loggedIn })).toEqual(
      {
        kind: 'redirect',
        to: '/',
      },
    );
  });

  it('sends every route to /lock while locked, and allows /lock', () => {
    const locked = { ...loggedIn, isLock: true };
    expect(decideNavigation({ to: route('/wel/index'), session: locked })).toEqual({
      kind: 'redirect',
      to: '/lock',
    });
    expect(decideNavigation({ to: route('/login'), session: locked })).toEqual({
      kind: 'redirect',
      to: '/lock',
    });
    expect(decideNavigation({ to: route('/lock'), session: locked })).toEqual({ kind: 'allow' });
  });

  it('logs out then goes to /login when the store token is empty but the cookie says logged in', () => {
    expect(
      decideNavigation({ to: route('/wel/index'), session: { token: '', isLock: false, cookieToken: 'c' } }),
    ).toEqual({
      kind: 'logout-then-login',
    });
  });

  it('falls back to the store token when no cookie is given', () => {
    expect(decideNavigation({ to: route('/wel/index'), session: { token: 't', isLock: false } })).toEqual({
      kind: 'allow',
    });
    expect(decideNavigation({ to: route('/wel/index'), session: { token: '', isLock: false } })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('opens a new window for query.target, restoring & from #', () => {
    const to = route('/myiframe/urlPath', { query: { target: '_blank', url: 'https://x.test/a?b=1#c=2' } });
    expect(decideNavigation({ to, session: loggedIn })).toEqual({
      kind: 'open-window',
      url: 'https://x.test/a?b=1&c=2',
    });
  });

  it('allows a logged-in user elsewhere', () => {
    expect(decideNavigation({ to: route('/system/param'), session: loggedIn })).toEqual({ kind: 'allow' });
  });

  it('adds a tab unless meta.isTab is false', () => {
    expect(shouldAddTab(route('/system/param'))).toBe(true);
    expect(shouldAddTab(route('/login', { meta: { isTab: false } }))).toBe(false);
  });

  it('the lock wins over the target query: a locked session opens nothing', () => {
    const to = route('/system/param', { query: { target: '_blank', url: 'https://x.test/' } });
    expect(decideNavigation({ to, session: { ...loggedIn, isLock: true } })).toEqual({
      kind: 'redirect',
      to: '/lock',
    });
  });

  it('a target query without url opens the path itself; the first of repeated values counts', () => {
    expect(
      decideNavigation({ to: route('/myiframe/urlPath', { query: { target: '1' } }), session: loggedIn }),
    ).toEqual({
      kind: 'open-window',
      url: '/myiframe/urlPath',
    });
    expect(
      decideNavigation({
        to: route('/x', { query: { target: ['_blank', 'y'], url: ['https://a.test/', 'https://b.test/'] } }),
        session: loggedIn,
      }),
    ).toEqual({ kind: 'open-window', url: 'https://a.test/' });
  });

  it('an empty target query is ignored', () => {
    expect(decideNavigation({ to: route('/x', { query: { target: '' } }), session: loggedIn })).toEqual({
      kind: 'allow',
    });
  });

  it('a logged-out visitor of the embedded page or a menu page goes to /login', () => {
    expect(decideNavigation({ to: route('/myiframe/urlPath'), session: loggedOut })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });
});
