import { createContext, useCallback, useContext, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';

const StableNavigate = createContext<NavigateFunction | null>(null);

/**
 * Gives the shell and its pages a navigate function that never changes. The router's `useNavigate` subscribes to
 * the location, so every component using it (the top bar, the tab strip, kept-alive pages) re-rendered on every
 * navigation; the shell only navigates to absolute paths, which do not depend on the current location.
 */
export function StableNavigateProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  });
  const stable = useCallback(
    ((to: unknown, options?: unknown) =>
      (latest.current as (to: unknown, options?: unknown) => void | Promise<void>)(
        to,
        options,
      )) as NavigateFunction,
    [],
  );
  return <StableNavigate.Provider value={stable}>{children}</StableNavigate.Provider>;
}

/** The stable navigate of `StableNavigateProvider` (the shell and the test providers install it). */
export function useShellNavigate(): NavigateFunction {
  const navigate = useContext(StableNavigate);
  if (!navigate)
    throw new Error('useShellNavigate needs a StableNavigateProvider (the main layout installs one)');
  return navigate;
}
