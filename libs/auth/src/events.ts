/** Auth events for the console shell: reset tabs on login, clear tabs on logout, navigate on lock. */
import type { TokenResult } from '@smart/api-sdk';

export type AuthEvent =
  | { type: 'login'; userInfo: TokenResult }
  | { type: 'refresh'; userInfo: TokenResult }
  | { type: 'logout'; remote: boolean }
  | { type: 'lock' }
  | { type: 'unlock' };

type Listener<E extends AuthEvent = AuthEvent> = (event: E) => void;

const listeners = new Set<Listener>();

/** Subscribes to every auth event; returns the unsubscribe function. */
export function onAuthEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function onType<T extends AuthEvent['type']>(type: T, listener: Listener<Extract<AuthEvent, { type: T }>>) {
  return onAuthEvent((event) => {
    if (event.type === type) listener(event as Extract<AuthEvent, { type: T }>);
  });
}

/** After a successful login: the console resets the tabs to the home tab. */
export const onLogin = (listener: Listener<Extract<AuthEvent, { type: 'login' }>>) =>
  onType('login', listener);
/** After logout or forced (local) logout: the console clears the tabs. */
export const onLogout = (listener: Listener<Extract<AuthEvent, { type: 'logout' }>>) =>
  onType('logout', listener);
/** After `lock()`: the console navigates to /lock after `website.lockDelayMs`. */
export const onLock = (listener: Listener<Extract<AuthEvent, { type: 'lock' }>>) => onType('lock', listener);

export function emitAuthEvent(event: AuthEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      console.error(error);
    }
  }
}
