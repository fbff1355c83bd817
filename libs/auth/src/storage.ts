/**
 * Browser storage with the site prefix (docs/spec.md §9, docs/console-behaviour.md §2). A value is saved as
 * `{dataType, content, type, datetime}`: in sessionStorage when `type` is given, else in localStorage. Reads check
 * sessionStorage first, then localStorage. Values round-trip through JSON (no `eval`).
 */
import { getWebsite } from './website';

export type StoreType = 'session';

export interface StoreRecord<T = unknown> {
  dataType: string;
  content: T;
  type: StoreType | undefined;
  /** Epoch milliseconds of the save. */
  datetime: number;
}

export interface SetStoreOptions<T> {
  name: string;
  content: T;
  /** Any value puts the entry in sessionStorage (upstream passes `'session'`). */
  type?: StoreType | boolean;
}

function storageKey(name: string): string {
  return `${getWebsite().key}-${name}`;
}

function area(session: boolean): Storage | undefined {
  try {
    return session ? globalThis.sessionStorage : globalThis.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode, sandboxed iframe)
  }
}

function parse<T>(raw: string | null): StoreRecord<T> | undefined {
  if (raw === null) return undefined;
  try {
    const record = JSON.parse(raw) as Partial<StoreRecord<T>> | null;
    if (!record || typeof record !== 'object' || !('content' in record)) return undefined;
    return {
      dataType: typeof record.dataType === 'string' ? record.dataType : typeof record.content,
      content: record.content as T,
      type: record.type,
      datetime: typeof record.datetime === 'number' ? record.datetime : 0,
    };
  } catch {
    return undefined;
  }
}

/** Saves `content` under the prefixed `name`. */
export function setStore<T>({ name, content, type }: SetStoreOptions<T>): void {
  const session = Boolean(type);
  const record: StoreRecord<T> = {
    dataType: content === null ? 'null' : Array.isArray(content) ? 'array' : typeof content,
    content,
    type: session ? 'session' : undefined,
    datetime: Date.now(),
  };
  try {
    area(session)?.setItem(storageKey(name), JSON.stringify(record));
    // A value lives in one area only.
    area(!session)?.removeItem(storageKey(name));
  } catch {
    // quota exceeded or storage disabled: the in-memory session state still works
  }
}

/** The whole stored record (content and save time), session first, then local. */
export function getStoreRecord<T>(name: string): StoreRecord<T> | undefined {
  const key = storageKey(name);
  return parse<T>(area(true)?.getItem(key) ?? null) ?? parse<T>(area(false)?.getItem(key) ?? null);
}

/** The stored content, session first, then local; `undefined` when absent or unreadable. */
export function getStore<T>({ name }: { name: string }): T | undefined {
  return getStoreRecord<T>(name)?.content;
}

/** Removes the entry; from both areas unless `type` says which. */
export function removeStore({ name, type }: { name: string; type?: StoreType | boolean }): void {
  const key = storageKey(name);
  if (type === undefined || type) area(true)?.removeItem(key);
  if (type === undefined || !type) area(false)?.removeItem(key);
}

/**
 * Removes this site's entries (prefixed keys only; other apps on the origin keep theirs): from sessionStorage when
 * `type` is given, else from localStorage; `{ all: true }` clears both.
 */
export function clearStore({ type, all }: { type?: StoreType | boolean; all?: boolean } = {}): void {
  const prefix = `${getWebsite().key}-`;
  const areas = all ? [area(true), area(false)] : [area(Boolean(type))];
  for (const storage of areas) {
    if (!storage) continue;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  }
}
