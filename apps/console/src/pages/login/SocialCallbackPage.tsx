import { isGuestLogin, socialLogin } from '@smart/auth';
import { Button, Spinner } from '@smart/ui';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import '../../i18n/page-texts';

const RegisterDialog = lazy(() => import('./RegisterDialog'));

type State = { kind: 'working' } | { kind: 'failed' } | { kind: 'guest'; oauthId: string; account: string };

/**
 * `/oauth/callback/{source}`: where the provider sends the browser back after a third-party sign-in (the render
 * URL's `redirect_uri`). Runs the social grant with `code` and `state`; a bound account goes home, an unbound one
 * (a guest session) registers its account here and waits for approval (docs/console-behaviour.md §10).
 */
export default function SocialCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // (useLocation rather than useParams/useSearchParams: those would add to the router code every page loads.)
  const location = useLocation();
  const source = decodeURIComponent(location.pathname.split('/')[3] ?? '');
  const params = new URLSearchParams(location.search);
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const [status, setStatus] = useState<State>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // an authorisation code is good for one try
    started.current = true;
    if (!source || !code) {
      setStatus({ kind: 'failed' });
      return;
    }
    socialLogin({ source, code, state }).then(
      (result) => {
        if (isGuestLogin(result))
          setStatus({ kind: 'guest', oauthId: result.oauth_id, account: result.account ?? '' });
        else void navigate('/wel/index', { replace: true });
      },
      () => setStatus({ kind: 'failed' }), // the HTTP layer showed why
    );
  }, [source, code, state, navigate]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-background p-4">
      {status.kind === 'working' ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> {t('register.socialWorking')}
        </p>
      ) : null}
      {status.kind === 'failed' ? (
        <>
          <p role="alert" className="text-sm text-destructive">
            {t('register.socialFailed')}
          </p>
          <Button variant="primary" onClick={() => void navigate('/login', { replace: true })}>
            {t('register.backToLogin')}
          </Button>
        </>
      ) : null}
      {status.kind === 'guest' ? (
        <Suspense fallback={null}>
          <RegisterDialog
            open
            onOpenChange={() => undefined}
            guest={{ oauthId: status.oauthId, account: status.account }}
          />
        </Suspense>
      ) : null}
    </main>
  );
}
