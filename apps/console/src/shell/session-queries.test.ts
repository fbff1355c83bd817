import { emitAuthEvent, type AuthEvent } from '@smart/auth';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindQueriesToSession, MENU_BUTTONS_KEY, MENU_ROUTES_KEY } from './session-queries';

type LoginEvent = Extract<AuthEvent, { type: 'login' }>;
const user = (id: string, role = 'administrator') =>
  ({ user_id: id, role_name: role, access_token: 't' }) as LoginEvent['userInfo'];

describe('query cache and session', () => {
  let unbind = () => {};
  afterEach(() => unbind());

  it('drops the previous user’s answers on logout and on login', () => {
    const client = new QueryClient();
    unbind = bindQueriesToSession(client, { menu: async () => [], buttons: async () => ({}) });
    client.setQueryData(['smart-system', 'param', 'list'], { records: ['of the previous tenant'] });
    emitAuthEvent({ type: 'logout', remote: true });
    expect(client.getQueryData(['smart-system', 'param', 'list'])).toBeUndefined();

    client.setQueryData(['smart-system', 'param', 'list'], { records: ['still cached'] });
    emitAuthEvent({ type: 'login', userInfo: user('1') });
    expect(client.getQueryData(['smart-system', 'param', 'list'])).toBeUndefined();
  });

  it('starts loading the menu and the buttons at login, not for a guest, and not on lock or refresh', async () => {
    const client = new QueryClient();
    const menu = vi.fn(async () => [{ id: '1', name: '系统管理' }]);
    const buttons = vi.fn(async () => ({ param_add: true }));
    unbind = bindQueriesToSession(client, { menu, buttons });

    emitAuthEvent({ type: 'login', userInfo: user('0', 'guest') });
    emitAuthEvent({ type: 'lock' });
    emitAuthEvent({ type: 'refresh', userInfo: user('1') });
    expect(menu).not.toHaveBeenCalled();

    emitAuthEvent({ type: 'login', userInfo: user('1') });
    await vi.waitFor(() =>
      expect(client.getQueryData(MENU_ROUTES_KEY)).toEqual([{ id: '1', name: '系统管理' }]),
    );
    expect(client.getQueryData(MENU_BUTTONS_KEY)).toEqual({ param_add: true });
    expect(menu).toHaveBeenCalledTimes(1);
    expect(buttons).toHaveBeenCalledTimes(1);
  });
});
