import { useOptions } from '@smart/crud';
import { Badge, cn } from '@smart/ui';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { publishTone } from './publish-status';

const VARIANT = {
  queued: 'secondary',
  running: 'default',
  success: 'success',
  failed: 'destructive',
  idle: 'outline',
} as const;

/** An item's state as the run monitor shows a run's: the `publish_status` dictionary's label, coloured by tone. */
export function PublishStatusBadge({ status }: { status: unknown }) {
  const { t } = useTranslation();
  const options = useOptions('publish_status', undefined);
  if (status === undefined || status === null || status === '') return null;
  const tone = publishTone(status);
  const label =
    options.find((o) => String(o.value) === String(status))?.label ??
    t(`automation.publishStatus.${String(status)}`, String(status));
  return (
    <Badge
      variant={VARIANT[tone]}
      data-publish-status={String(status)}
      data-tone={tone}
      className={cn(tone === 'idle' && 'text-muted-foreground')}
    >
      {tone === 'running' ? (
        <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />
      ) : null}
      {label}
    </Badge>
  );
}
