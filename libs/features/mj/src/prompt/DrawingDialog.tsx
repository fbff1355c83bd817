import { mjPromptChange, mjPromptSync, useMjPromptDetail, type MjPrompt } from '@smart/api-sdk';
import { Badge, Button, SimpleDialog, useBusyAction } from '@smart/ui';
import { ExternalLink, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { canChange, inFlight, POLL_MS, progressOf } from './drawing-state';

export interface DrawingDialogProps {
  /** The drawing shown; undefined = closed. */
  id: string | undefined;
  onOpenChange: (open: boolean) => void;
  /** Another drawing to show (an upscale or variation just asked for). */
  onShow: (id: string) => void;
}

type ChangeAction = 'UPSCALE' | 'VARIATION' | 'REROLL';

/**
 * One drawing as it happens: the progress the proxy reports (polled while the drawing is under way), the image when
 * it is done (opened full size in a new tab), the proxy's reason when it failed, and for a finished grid the
 * upscale (U1–U4), variation (V1–V4) and reroll buttons, each a new drawing shown here once asked for.
 */
export function DrawingDialog({ id, onOpenChange, onShow }: DrawingDialogProps) {
  const { t } = useTranslation();
  const { data: p } = useMjPromptDetail(
    { id: id ?? '' },
    {
      query: {
        enabled: id !== undefined,
        refetchInterval: (q) => (inFlight(q.state.data?.mjStatus) ? POLL_MS : false),
      },
    },
  );
  const sync = useBusyAction(() => mjPromptSync({ id: id! }));
  const change = useBusyAction(
    (action: ChangeAction, index?: number) =>
      mjPromptChange({ id: id!, action, ...(index ? { index } : {}) }),
    { done: t('mj.submitted'), onDone: (next: MjPrompt) => onShow(next.id) },
  );
  const percent = p ? progressOf(p) : 0;
  return (
    <SimpleDialog
      open={id !== undefined}
      onOpenChange={onOpenChange}
      width={720}
      title={t('mj.drawingTitle')}
      footer={
        <>
          {p && inFlight(p.mjStatus) ? (
            <Button data-action="mj-sync" loading={sync.busy} onClick={() => void sync.run()}>
              <RefreshCw aria-hidden />
              {t('mj.sync')}
            </Button>
          ) : null}
          <Button onClick={() => onOpenChange(false)}>{t('mj.close')}</Button>
        </>
      }
    >
      {p ? (
        <div className="grid gap-4" data-testid="mj-drawing" data-status={p.mjStatus}>
          <p className="max-h-24 overflow-auto text-sm break-words text-muted-foreground">{p.prompt}</p>
          <div className="flex items-center gap-3">
            <Badge
              variant={
                p.mjStatus === 'FAILURE' ? 'destructive' : p.mjStatus === 'SUCCESS' ? 'success' : 'secondary'
              }
            >
              {t(`mj.status.${p.mjStatus || 'NONE'}`)}
            </Badge>
            {p.mjAction ? (
              <span className="text-sm">
                {t(`mj.action.${p.mjAction}`)}
                {p.mjIndex ? ` ${p.mjIndex}` : ''}
              </span>
            ) : null}
            <div
              className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label={t('mj.progress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <span className="w-12 text-right text-sm tabular-nums">{percent}%</span>
          </div>
          {p.mjStatus === 'FAILURE' ? (
            <p role="alert" className="text-sm text-destructive">
              {p.mjFailReason || t('mj.failed')}
            </p>
          ) : null}
          {p.imageUrl ? (
            <a href={p.imageUrl} target="_blank" rel="noopener noreferrer" className="group relative block">
              <img
                src={p.imageUrl}
                alt={t('mj.imageAlt')}
                className="mx-auto max-h-[50vh] w-auto rounded-md border object-contain"
              />
              <span className="absolute top-2 right-2 rounded bg-background/80 p-1 opacity-0 group-hover:opacity-100">
                <ExternalLink className="size-4" aria-label={t('mj.openFull')} />
              </span>
            </a>
          ) : null}
          {canChange(p) ? (
            <div className="grid gap-2">
              <div className="flex flex-wrap gap-2">
                {[1, 2, 3, 4].map((i) => (
                  <Button
                    key={`u${i}`}
                    size="sm"
                    data-action={`mj-upscale-${i}`}
                    loading={change.busy}
                    onClick={() => void change.run('UPSCALE', i)}
                  >
                    U{i}
                  </Button>
                ))}
                {[1, 2, 3, 4].map((i) => (
                  <Button
                    key={`v${i}`}
                    size="sm"
                    data-action={`mj-variation-${i}`}
                    loading={change.busy}
                    onClick={() => void change.run('VARIATION', i)}
                  >
                    V{i}
                  </Button>
                ))}
                <Button
                  size="sm"
                  data-action="mj-reroll"
                  loading={change.busy}
                  onClick={() => void change.run('REROLL')}
                >
                  <RefreshCw aria-hidden />
                  {t('mj.action.REROLL')}
                </Button>
              </div>
              <p className="text-xs text-muted-foreground">{t('mj.changeHint')}</p>
            </div>
          ) : null}
        </div>
      ) : null}
    </SimpleDialog>
  );
}
