import { Button } from '@smart/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { recordError } from './error-log';

function Fallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 p-10 text-center text-sm">
      <p className="text-base font-medium">{t('errorLog.pageFailed')}</p>
      <p className="text-muted-foreground">{t('errorLog.pageFailedHint')}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('errorLog.retry')}
      </Button>
    </div>
  );
}

interface State {
  failed: boolean;
}

/**
 * Catches a page's render errors: records them in the local error log (the component stack as `info`) and shows a
 * retry instead of a blank shell. One boundary per tab, so a broken page leaves the others working.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    recordError({ error, info: info.componentStack?.trim() ?? '' });
  }

  override render(): ReactNode {
    if (this.state.failed) return <Fallback onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
