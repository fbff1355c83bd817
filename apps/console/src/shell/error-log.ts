// The local error log (docs/spec.md §3 "Error-log entry", §8 "Frontend runtime errors"): runtime errors of the console —
// window `error`, `unhandledrejection` and React error boundaries — are kept as {type, message, stack, info, url,
// time} under the prefixed storage key `logsList` in local storage (docs/spec.md §9: no type → local storage).
// Unlike upstream the list is bounded and long fields are cut to the contract's limits, so it can always be sent.
import type { ErrorLogEntry } from '@smart/api-sdk';
import { getStore, removeStore, setStore } from '@smart/auth';
import { useSyncExternalStore } from 'react';

export type { ErrorLogEntry };

export const ERROR_LOG_KEY = 'logsList';
/** The newest entries kept; older ones are dropped (upstream grew without bound). */
export const ERROR_LOG_LIMIT = 100;
/** Badge cap (docs/spec.md §9): more shows as "99+". */
export const ERROR_BADGE_MAX = 99;

/** Field limits of the contract's ErrorLogEntry (the stack is cut shorter for local storage). */
const LIMITS = { type: 32, message: 2000, stack: 8000, info: 500, url: 2000 } as const;

/** Messages that are noise, not errors of the console (Chromium reports this one for harmless layout loops). */
const IGNORED = [/^ResizeObserver loop/];

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in the browser's time (the contract's datetime). */
export function formatLogTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? '' };
  if (typeof error === 'string') return { message: error, stack: '' };
  if (error === undefined || error === null) return { message: String(error), stack: '' };
  try {
    return { message: JSON.stringify(error), stack: '' };
  } catch {
    return { message: String(error), stack: '' };
  }
}

export interface ErrorInput {
  error: unknown;
  /** Where it happened: the component stack, or how it was caught (`unhandledrejection`, `window.onerror`). */
  info?: string;
  /** Defaults to `location.href`. */
  url?: string;
  now?: Date;
}

/** One log entry (type is always `error`, as in the contract). */
export function toLogEntry({ error, info = '', url, now = new Date() }: ErrorInput): ErrorLogEntry {
  const { message, stack } = describe(error);
  return {
    type: 'error',
    message: cut(message, LIMITS.message),
    stack: cut(stack, LIMITS.stack),
    info: cut(info, LIMITS.info),
    url: cut(url ?? (typeof location === 'undefined' ? '' : location.href), LIMITS.url),
    time: formatLogTime(now),
  };
}

/** Appends and keeps the newest `limit` entries. */
export function appendLog(list: readonly ErrorLogEntry[], entry: ErrorLogEntry, limit = ERROR_LOG_LIMIT) {
  const next = [...list, entry];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

export function isIgnoredError(message: string): boolean {
  return IGNORED.some((re) => re.test(message));
}

/* The store --------------------------------------------------------------------------------------------------- */

const listeners = new Set<() => void>();
let logs: readonly ErrorLogEntry[] | undefined;

function load(): readonly ErrorLogEntry[] {
  const saved = getStore<ErrorLogEntry[]>({ name: ERROR_LOG_KEY });
  return Array.isArray(saved) ? saved : [];
}

function set(next: readonly ErrorLogEntry[]): void {
  logs = next;
  if (next.length) setStore({ name: ERROR_LOG_KEY, content: next });
  else removeStore({ name: ERROR_LOG_KEY });
  for (const listener of [...listeners]) listener();
}

export const errorLog = {
  list: (): readonly ErrorLogEntry[] => (logs ??= load()),
  add: (entry: ErrorLogEntry) => set(appendLog(errorLog.list(), entry)),
  clear: () => set([]),
  /** Re-reads storage (tests, another browser tab). */
  reload: () => {
    logs = load();
    for (const listener of [...listeners]) listener();
  },
};

/** Records one runtime error (ignored noise is dropped). Never throws. */
export function recordError(input: ErrorInput): void {
  try {
    const entry = toLogEntry(input);
    if (isIgnoredError(entry.message)) return;
    errorLog.add(entry);
  } catch {
    // recording an error must never raise another one
  }
}

export function useErrorLog(): readonly ErrorLogEntry[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    errorLog.list,
    errorLog.list,
  );
}

/** Listens to window `error` and `unhandledrejection`; returns the function that stops listening. */
export function installErrorCapture(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    // Resource load failures (img, script) reach window only in the capture phase; this listener sees script errors.
    recordError({ error: event.error ?? event.message, info: 'window.onerror' });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    recordError({ error: event.reason, info: 'unhandledrejection' });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
