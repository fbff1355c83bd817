import { currentGuardSession, decideNavigation, fedLogout, useSession } from '@smart/auth';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import LoginPage from './pages/LoginPage';
import { retryableLazy } from './shell/chunk-load';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { useLockDelayPending, withLockDelay } from './shell/lock-delay';
import { bindNavigate } from './shell/navigation';
import { routeMeta } from './shell/route-meta';
import { ToasterHost } from './shell/toaster-host';
import { loadMainLayout } from './shell/preload';

// Everything behind the login is split off, so /login loads only the shell it needs. A chunk that fails or takes
// over 120 s shows the load error of the boundary below (docs/spec.md §8), with a retry.
const MainLayout = retryableLazy(loadMainLayout);
const LockPage = retryableLazy(() => import('./pages/LockPage'));
const ErrorPage = retryableLazy(() => import('./pages/ErrorPage'));
const SocialCallbackPage = retryableLazy(() => import('./pages/login/SocialCallbackPage'));

function PageFallback() {
  return <div className="h-screen w-full bg-background" aria-busy="true" />;
}

/** The boundary of the top-level routes; leaving the failed page clears its error. */
function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}

/** Applies the navigation guard of docs/spec.md §2 to every location. */
function Guarded({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  // Subscribing re-runs the guard when the token or the lock changes.
  useSession((s) => s.token);
  useSession((s) => s.isLock);
  // Spec §4: after locking, the move to /lock waits website.lockDelayMs (100 ms).
  const lockPending = useLockDelayPending();
  const query = Object.fromEntries(new URLSearchParams(location.search));
  const decision = withLockDelay(
    decideNavigation({
      to: { path: location.pathname, meta: routeMeta(location.pathname), query },
      session: currentGuardSession(),
    }),
    lockPending,
  );

  const kind = decision.kind;
  const windowUrl = decision.kind === 'open-window' ? decision.url : '';
  useEffect(() => {
    if (kind === 'logout-then-login') {
      fedLogout();
      void navigate('/login', { replace: true });
    } else if (kind === 'open-window') {
      window.open(windowUrl, '_blank', 'noopener');
      if (window.history.length > 1) void navigate(-1);
      else void navigate('/', { replace: true });
    }
  }, [kind, windowUrl, navigate]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind !== 'allow') return null;
  return children;
}

export function App() {
  const navigate = useNavigate();
  useEffect(() => bindNavigate(navigate), [navigate]);

  return (
    <>
      <Guarded>
        <RouteBoundary>
          <Suspense fallback={<PageFallback />}>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/oauth/callback/:source" element={<SocialCallbackPage />} />
              <Route path="/lock" element={<LockPage />} />
              <Route path="/403" element={<ErrorPage code={403} />} />
              <Route path="/404" element={<ErrorPage code={404} />} />
              <Route path="/500" element={<ErrorPage code={500} />} />
              <Route path="/" element={<Navigate to="/wel/index" replace />} />
              <Route path="/wel" element={<Navigate to="/wel/index" replace />} />
              <Route path="*" element={<MainLayout />} />
            </Routes>
          </Suspense>
        </RouteBoundary>
      </Guarded>
      <ToasterHost />
    </>
  );
}
