import { lazy, memo, Suspense, useEffect, useState } from 'react';

// Toasts are only needed once something goes wrong or a page inside the layout opens, so the toaster (sonner)
// loads on the first request instead of with the login page. One host for the whole app: never two toasters.
const LazyToaster = lazy(() => import('./toaster'));

let mountRequested = false;
let requestMount: (() => void) | undefined;
let resolveMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  resolveMounted = resolve;
});

/** Mounts the toaster (once) and resolves when it listens. */
export function ensureToaster(): Promise<void> {
  mountRequested = true;
  requestMount?.();
  return mounted;
}

export async function notifyError(message: string): Promise<void> {
  await ensureToaster();
  const { toast } = await import('./toaster');
  toast.error(message);
}

export async function notifySuccess(message: string): Promise<void> {
  await ensureToaster();
  const { toast } = await import('./toaster');
  toast.success(message);
}

/**
 * Memoised: the app around it re-renders on every navigation, and sonner's toaster then read the document's
 * computed direction (a forced style recalculation) in the middle of each tab switch.
 */
export const ToasterHost = memo(function ToasterHost() {
  const [on, setOn] = useState(mountRequested);
  useEffect(() => {
    requestMount = () => setOn(true);
    if (mountRequested) setOn(true);
    return () => {
      requestMount = undefined;
    };
  }, []);
  return on ? (
    <Suspense fallback={null}>
      <LazyToaster onMount={resolveMounted} />
    </Suspense>
  ) : null;
});
