/**
 * Session store (docs/spec.md §4): a framework-agnostic store persisted with the storage util, plus React hooks via
 * `useSyncExternalStore`. Tokens are mirrored in session cookies (docs/spec.md §9).
 *
 * Everything is kept in localStorage (with the site prefix), the lock included: a new browser tab of a locked
 * session is locked too (upstream kept the lock per tab, docs/console-behaviour.md §19). Other tabs follow changes through the
 * `storage` event.
 */
import type { DictItem, Menu, TokenResult } from '@smart/api-sdk';
import { useSyncExternalStore } from 'react';
import { accessTokenCookie, refreshTokenCookie, removeCookie, setCookie } from './cookies';
import { getStoreRecord, removeStore, setStore } from './storage';
import { getWebsite } from './website';

/** The five dictionaries loaded after login (docs/spec.md §4). */
export const DICTIONARY_CODES = [
  'judge',
  'xhs_action',
  'introduction_keywords',
  'judging_data',
  'multiple_condition',
] as const;
export type DictionaryCode = (typeof DICTIONARY_CODES)[number];

/** A dictionary item whose `dictKey` was converted to a number (the `judge` dictionary). */
export type NumericDictItem = Omit<DictItem, 'dictKey'> & { dictKey: number };

export interface Dictionaries {
  judge: NumericDictItem[];
  xhs_action: DictItem[];
  introduction_keywords: DictItem[];
  judging_data: DictItem[];
  multiple_condition: DictItem[];
}

export type PermissionMap = Readonly<Record<string, boolean>>;

export interface SessionState {
  token: string;
  /**
   * The refresh token, when the server gave it in its answer (a server without the refresh cookie). Empty when it
   * keeps it in its HttpOnly cookie (`refreshCookie`), out of this script's reach.
   */
  refreshToken: string;
  /** The server keeps the refresh token in its own cookie: a refresh names none (contract: `Smart-Refresh`). */
  refreshCookie: boolean;
  /** When the access token was saved (epoch ms); the refresh timer measures the token age from it. */
  tokenSavedAt: number;
  tenantId: string;
  /** Switch mode: the chosen department and role, sent as `Dept-Id` / `Role-Id`. */
  deptId: string;
  roleId: string;
  /** The whole token answer of the login (upstream `userInfo`). */
  userInfo: TokenResult | null;
  permission: PermissionMap;
  menu: Menu[];
  isLock: boolean;
  /** SHA-256 hex of the lock password; empty when none is set. */
  lockPasswd: string;
  dictionaries: Dictionaries;
}

export const emptyDictionaries = (): Dictionaries => ({
  judge: [],
  xhs_action: [],
  introduction_keywords: [],
  judging_data: [],
  multiple_condition: [],
});

/** Storage names of the persisted fields (`<key>-<name>`, e.g. `saber-token`). */
const persisted = {
  token: 'token',
  refreshToken: 'refreshToken',
  refreshCookie: 'refreshCookie',
  tenantId: 'tenantId',
  deptId: 'deptId',
  roleId: 'roleId',
  userInfo: 'userInfo',
  permission: 'permission',
  menu: 'menu',
  isLock: 'isLock',
  lockPasswd: 'lockPasswd',
  dictionaries: 'dictionaries',
} as const satisfies Partial<Record<keyof SessionState, string>>;

type PersistedKey = keyof typeof persisted;

function readState(): SessionState {
  const read = <T>(name: string): T | undefined => getStoreRecord<T>(name)?.content;
  const tokenRecord = getStoreRecord<string>(persisted.token);
  return {
    token: typeof tokenRecord?.content === 'string' ? tokenRecord.content : '',
    tokenSavedAt: tokenRecord?.datetime ?? 0,
    refreshToken: read<string>(persisted.refreshToken) ?? '',
    refreshCookie: read<boolean>(persisted.refreshCookie) === true,
    tenantId: read<string>(persisted.tenantId) ?? getWebsite().tenantId,
    deptId: read<string>(persisted.deptId) ?? '',
    roleId: read<string>(persisted.roleId) ?? '',
    userInfo: read<TokenResult>(persisted.userInfo) ?? null,
    permission: read<Record<string, boolean>>(persisted.permission) ?? {},
    menu: read<Menu[]>(persisted.menu) ?? [],
    isLock: read<boolean>(persisted.isLock) === true,
    lockPasswd: read<string>(persisted.lockPasswd) ?? '',
    dictionaries: { ...emptyDictionaries(), ...read<Partial<Dictionaries>>(persisted.dictionaries) },
  };
}

function isEmpty(value: unknown): boolean {
  return value === '' || value === null || value === undefined || value === false;
}

let state: SessionState | undefined;
const listeners = new Set<() => void>();
let storageListener: ((event: StorageEvent) => void) | undefined;

function current(): SessionState {
  state ??= readState();
  return state;
}

function emit(): void {
  for (const listener of [...listeners]) listener();
}

/** The current session (immutable snapshot; replaced on every change). */
export function getSession(): SessionState {
  return current();
}

/** Subscribes to session changes; returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  ensureStorageListener();
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Changes the session and persists the changed fields (empty values are removed from storage). A new token
 * resets `tokenSavedAt` and the access-token cookie; a new refresh token its cookie.
 */
export function updateSession(patch: Partial<Omit<SessionState, 'tokenSavedAt'>>): void {
  const next: SessionState = { ...current(), ...patch };
  for (const key of Object.keys(patch) as (keyof typeof patch)[]) {
    if (!(key in persisted)) continue;
    const name = persisted[key as PersistedKey];
    const value = next[key as PersistedKey];
    if (isEmpty(value)) removeStore({ name });
    else setStore({ name, content: value });
  }
  if ('token' in patch) {
    next.tokenSavedAt = next.token ? (getStoreRecord<string>(persisted.token)?.datetime ?? Date.now()) : 0;
    if (next.token) setCookie(accessTokenCookie(), next.token);
    else removeCookie(accessTokenCookie());
  }
  if ('refreshToken' in patch) {
    if (next.refreshToken) setCookie(refreshTokenCookie(), next.refreshToken);
    else removeCookie(refreshTokenCookie());
  }
  state = next;
  emit();
}

/** Re-reads the session from storage (start-up, another tab changed it, tests). */
export function hydrateSession(): void {
  state = readState();
  emit();
}

function ensureStorageListener(): void {
  if (storageListener || typeof window === 'undefined') return;
  storageListener = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(`${getWebsite().key}-`)) hydrateSession();
  };
  window.addEventListener('storage', storageListener);
}

/* React ------------------------------------------------------------------------------------------------------- */

/** The whole session; re-renders on every change. */
export function useSession(): SessionState;
/** A slice of the session. The selector must return a stable value (a field, a primitive). */
export function useSession<T>(selector: (session: SessionState) => T): T;
export function useSession<T>(selector?: (session: SessionState) => T): T | SessionState {
  const snapshot = () => (selector ? selector(current()) : current());
  return useSyncExternalStore(subscribeSession, snapshot, snapshot);
}
