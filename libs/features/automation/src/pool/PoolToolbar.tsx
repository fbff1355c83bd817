import { useCanAct, type CrudToolbarContext } from '@smart/crud';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  toast,
  useConfirm,
} from '@smart/ui';
import { ChevronDown, Eraser, FileUp, ToggleLeft, ToggleRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyDialog } from './EmptyDialog';
import { ImportDialog } from './ImportDialog';
import type { PoolKind } from './pool-entities';

/** Switches sent at once by a bulk switch: the server takes one row a call. */
const SWITCH_CONCURRENCY = 4;

export interface PoolToolbarProps {
  kind: PoolKind;
  page: CrudToolbarContext;
}

/**
 * A pool's toolbar actions after add and delete: import, switching the selected rows on or off, and (Xiaohongshu
 * links) clearing out used links. Each shows to whoever holds the button the contract asks for it.
 */
export function PoolToolbar({ kind, page }: PoolToolbarProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [importing, setImporting] = useState(false);
  const [emptying, setEmptying] = useState(false);
  const [switching, setSwitching] = useState<number | undefined>();
  const allowed = useCanAct(kind.entity);

  const switchSelected = async (status: 0 | 1) => {
    const ids = page.selectedIds;
    const ok = await confirm({
      title: t(status ? 'automation.pool.enableTitle' : 'automation.pool.disableTitle'),
      description: t('automation.pool.switchConfirm', { count: ids.length }),
    });
    if (!ok) return;
    setSwitching(status);
    let failed = 0;
    const queue = [...ids];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift())
        await kind.enable.call({ id, status }, { silent: true }).catch(() => failed++);
    };
    await Promise.all(Array.from({ length: Math.min(SWITCH_CONCURRENCY, ids.length) }, worker));
    setSwitching(undefined);
    if (failed) toast.error(t('automation.pool.switchFailed', { count: failed, total: ids.length }));
    else toast.success(t('automation.pool.switched', { count: ids.length }));
    page.reload();
  };

  const none = page.selectedIds.length === 0;
  return (
    <>
      {allowed(kind.import.op) ? (
        <Button data-action="pool-import" onClick={() => setImporting(true)}>
          <FileUp aria-hidden />
          {t('automation.pool.import')}
        </Button>
      ) : null}
      {allowed(kind.enable.op) ? (
        // one menu for both switches: the toolbar stays one row on a phone
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              data-action="pool-switch"
              disabled={none || switching !== undefined}
              loading={switching !== undefined}
            >
              <ToggleRight aria-hidden />
              {t('automation.pool.switchSelected')}
              <ChevronDown aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuItem data-action="pool-enable" onSelect={() => void switchSelected(1)}>
              <ToggleRight aria-hidden />
              {t('automation.pool.enableSelected')}
            </DropdownMenuItem>
            <DropdownMenuItem data-action="pool-disable" onSelect={() => void switchSelected(0)}>
              <ToggleLeft aria-hidden />
              {t('automation.pool.disableSelected')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
      {kind.empty && allowed(kind.empty.op) ? (
        <Button data-action="pool-empty" onClick={() => setEmptying(true)}>
          <Eraser aria-hidden />
          {t('automation.pool.empty')}
        </Button>
      ) : null}
      <ImportDialog kind={kind} open={importing} onOpenChange={setImporting} onImported={page.reload} />
      {kind.empty ? (
        <EmptyDialog kind={kind} open={emptying} onOpenChange={setEmptying} onEmptied={page.reload} />
      ) : null}
    </>
  );
}
