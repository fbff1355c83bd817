import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { ErrorBoundary } from './ErrorBoundary';
import {
  appendLog,
  ERROR_LOG_LIMIT,
  errorLog,
  formatLogTime,
  installErrorCapture,
  recordError,
  toLogEntry,
  type ErrorLogEntry,
} from './error-log';

beforeEach(() => {
  localStorage.clear();
  errorLog.reload();
});

const stored = () =>
  JSON.parse(localStorage.getItem('saber-logsList') ?? 'null') as { content: unknown } | null;

describe('error-log entries', () => {
  it('formats the time as YYYY-MM-DD HH:mm:ss in local time', () => {
    expect(formatLogTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });

  it('records type error, message, stack, info, url and time', () => {
    const error = new Error('boom');
    const entry = toLogEntry({
      error,
      info: 'in <Page>',
      url: 'http://x.test/a',
      now: new Date(2026, 10, 22, 5, 6, 7),
    });
    expect(entry).toEqual({
      type: 'error',
      message: 'boom',
      stack: error.stack,
      info: 'in <Page>',
      url: 'http://x.test/a',
      time: '2026-11-22 05:06:07',
    });
  });

  it('describes non-Error reasons and defaults the url to the page', () => {
    expect(toLogEntry({ error: 'plain' })).toMatchObject({ message: 'plain', stack: '', url: location.href });
    expect(toLogEntry({ error: { code: 500 } }).message).toBe('{"code":500}');
    expect(toLogEntry({ error: undefined }).message).toBe('undefined');
  });

  it('cuts long fields to the contract limits', () => {
    const entry = toLogEntry({ error: new Error('m'.repeat(5000)), info: 'i'.repeat(900) });
    expect(entry.message).toHaveLength(2000);
    expect(entry.info).toHaveLength(500);
  });

  it('keeps the newest entries only', () => {
    const e = (n: number): ErrorLogEntry => ({ type: 'error', message: String(n), url: '', time: '' });
    let list: ErrorLogEntry[] = [];
    for (let i = 0; i < ERROR_LOG_LIMIT + 5; i++) list = appendLog(list, e(i));
    expect(list).toHaveLength(ERROR_LOG_LIMIT);
    expect(list[0]?.message).toBe('5');
    expect(appendLog([e(1), e(2)], e(3), 2).map((x) => x.message)).toEqual(['2', '3']);
  });
});

describe('error-log store', () => {
  it('persists in local storage under the site prefix (docs/spec.md §9: no type → local storage)', () => {
    recordError({ error: new Error('kept') });
    expect(errorLog.list().map((l) => l.message)).toEqual(['kept']);
    expect(sessionStorage.getItem('saber-logsList')).toBeNull();
    const record = JSON.parse(localStorage.getItem('saber-logsList') ?? '{}') as {
      content: ErrorLogEntry[];
      datetime: number;
    };
    expect(record.content[0]?.message).toBe('kept');
    expect(record.datetime).toBeGreaterThan(0);
    errorLog.clear();
    expect(errorLog.list()).toEqual([]);
    expect(stored()).toBeNull();
  });

  it('ignores the ResizeObserver loop noise', () => {
    recordError({ error: 'ResizeObserver loop completed with undelivered notifications.' });
    expect(errorLog.list()).toEqual([]);
  });
});

describe('error capture', () => {
  let stop: () => void = () => {};
  afterEach(() => stop());

  it('records window errors and unhandled rejections', () => {
    stop = installErrorCapture(window);
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('from a handler'), message: 'from a handler' }),
    );
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('from a promise');
    window.dispatchEvent(rejection);
    expect(errorLog.list().map((l) => [l.message, l.info])).toEqual([
      ['from a handler', 'window.onerror'],
      ['from a promise', 'unhandledrejection'],
    ]);
    stop();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after stop' }));
    expect(errorLog.list()).toHaveLength(2);
  });

  it('an error boundary records the render error with the component stack and offers a retry', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    function Broken() {
      if (fail) throw new Error('render failed');
      return <p>recovered</p>;
    }
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('页面出错了');
    const [entry] = errorLog.list();
    expect(entry?.message).toBe('render failed');
    expect(entry?.info).toContain('Broken');
    fail = false;
    act(() => screen.getByRole('button', { name: '重试' }).click());
    expect(screen.getByText('recovered')).toBeInTheDocument();
    spy.mockRestore();
  });
});
