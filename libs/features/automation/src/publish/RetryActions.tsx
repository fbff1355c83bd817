import { useCanAct, type CrudToolbarContext } from '@smart/crud';
import { Button, toast } from '@smart/ui';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublishItemKind } from './publish-entities';
import { canRetry } from './publish-status';

function useRetry(kind: PublishItemKind, reload: () => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const retry = async (ids: string[]) => {
    setBusy(true);
    try {
      const { retried } = await kind.retry.call({ ids: ids.join(',') });
      if (retried > 0) toast.success(t('automation.publish.retried', { count: retried }));
      else toast.info(t('automation.publish.nothingToRetry'));
      reload();
    } catch {
      // the HTTP layer showed why
    } finally {
      setBusy(false);
    }
  };
  return { busy, retry, allowed: useCanAct(kind.entity)(kind.retry.op) };
}

/** 重新发布 on a failed or cancelled item: back to pending for the next firing of its plan. */
export function RetryRowAction({
  kind,
  row,
  reload,
}: {
  kind: PublishItemKind;
  row: Record<string, unknown>;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const { busy, retry, allowed } = useRetry(kind, reload);
  if (!allowed || !canRetry(row['publishStatus'])) return null;
  return (
    <Button
      variant="link"
      size="xs"
      data-action="publish-retry"
      loading={busy}
      onClick={() => void retry([String(row['id'])])}
    >
      <RotateCcw aria-hidden />
      {t('automation.publish.retry')}
    </Button>
  );
}

/** The same for the selected rows (those that are not failed or cancelled are left as they are by the server). */
export function RetryToolbar({ kind, page }: { kind: PublishItemKind; page: CrudToolbarContext }) {
  const { t } = useTranslation();
  const { busy, retry, allowed } = useRetry(kind, page.reload);
  if (!allowed) return null;
  return (
    <Button
      data-action="publish-retry-selected"
      disabled={page.selectedIds.length === 0}
      loading={busy}
      onClick={() => void retry(page.selectedIds)}
    >
      <RotateCcw aria-hidden />
      {t('automation.publish.retrySelected')}
    </Button>
  );
}
