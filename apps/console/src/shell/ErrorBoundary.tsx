import { Button } from '@smart/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError, retryFailedChunks } from './chunk-load';
import { recordError } from './error-log';

function Fallback({ loadFailed, onRetry }: { loadFailed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 p-10 text-center text-sm">
      <p className="text-base font-medium">{t(loadFailed ? 'errorLog.loadFailed' : 'errorLog.pageFailed')}</p>
      <p className="text-muted-foreground">
        {t(loadFailed ? 'errorLog.loadFailedHint' : 'errorLog.pageFailedHint')}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('errorLog.retry')}
      </Button>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** A change (the route's path) clears a shown error: the next page gets its own chance. */
  resetKey?: string;
}

interface State {
  error: { value: unknown } | undefined;
}

/**
 * Catches a page's render errors: records them in the local error log (the component stack as `info`) and shows a
 * retry instead of a blank shell. One boundary per tab, so a broken page leaves the others working; one around the
 * top-level routes, for their chunks. A chunk that did not load says so, and its retry loads it again.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error: { value: error } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    recordError({ error, info: info.componentStack?.trim() ?? '' });
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: undefined });
  }

  private readonly retry = (): void => {
    retryFailedChunks();
    this.setState({ error: undefined });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (error) return <Fallback loadFailed={isChunkLoadError(error.value)} onRetry={this.retry} />;
    return this.props.children;
  }
}
