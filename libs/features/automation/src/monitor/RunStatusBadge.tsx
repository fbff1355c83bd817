import type { RunStatus } from '@smart/api-sdk';
import { useOptions } from '@smart/crud';
import { Badge, cn } from '@smart/ui';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { runTone, type RunTone } from './run-status';

const STYLE: Record<
  RunTone,
  { variant: 'secondary' | 'default' | 'success' | 'destructive' | 'outline'; className?: string }
> = {
  queued: { variant: 'secondary' },
  running: { variant: 'default' },
  success: { variant: 'success' },
  failed: { variant: 'destructive' },
  idle: { variant: 'outline', className: 'text-muted-foreground' },
};

/**
 * A run's state as a coloured badge: queued and running ones move (a pulsing dot, a spinner), success green, failures
 * red, skipped / cancelled / stopped grey. The label is the `run_status` dictionary's (the contract's x-dict), else
 * this feature's catalogue.
 */
export function RunStatusBadge({ status, className }: { status: RunStatus | string; className?: string }) {
  const { t } = useTranslation();
  const options = useOptions('run_status', undefined);
  if (!status) return null;
  const tone = runTone(status);
  const label = options.find((o) => o.value === status)?.label ?? t(`automation.status.${status}`, status);
  const style = STYLE[tone];
  return (
    <Badge
      variant={style.variant}
      data-run-status={status}
      data-tone={tone}
      className={cn(style.className, className)}
    >
      {tone === 'running' ? (
        <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />
      ) : null}
      {tone === 'queued' ? (
        <span
          aria-hidden
          className="size-1.5 animate-pulse rounded-full bg-current motion-reduce:animate-none"
        />
      ) : null}
      {label}
    </Badge>
  );
}
