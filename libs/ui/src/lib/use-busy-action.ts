import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { toast } from '../components/toaster';

export interface BusyActionOptions<R> {
  /** The success toast: a text, or one made from the answer (none when it gives nothing). */
  done?: string | ((result: R) => string | undefined);
  /** After a success and its toast: close the dialog, list again. */
  onDone?: (result: R) => void;
}

export interface BusyAction<A extends unknown[], R> {
  /** Runs the action unless it is running; resolves with its answer, or `undefined` when it failed or was running. */
  run: (...args: A) => Promise<R | undefined>;
  /** True while the action runs: the button's `loading`, the form's `disabled`. */
  busy: boolean;
}

/**
 * The save of a dialog or the call of a row button: busy while it runs (a second click does nothing), the success
 * toast and what follows on success, and nothing on failure, because the HTTP layer has already shown the server's
 * reason (`@smart/api-sdk` http) and the dialog stays open for the operator to correct it. Both callbacks are read
 * when the action ends, so they may change between renders.
 */
export function useBusyAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  options: BusyActionOptions<R> = {},
): BusyAction<A, R> {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const latest = useRef({ action, options });
  // the callbacks of the latest render, for an action that ends after a re-render
  useLayoutEffect(() => {
    latest.current = { action, options };
  });

  const run = useCallback(async (...args: A): Promise<R | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    try {
      const result = await latest.current.action(...args);
      const { done, onDone } = latest.current.options;
      const text = typeof done === 'function' ? done(result) : done;
      if (text) toast.success(text);
      onDone?.(result);
      return result;
    } catch {
      // the HTTP layer showed why; nothing more to say here
      return undefined;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { run, busy };
}
