import { useCanAct, type CrudToolbarContext, type EntityPageExtension } from '@smart/crud';
import { Button } from '@smart/ui';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StrategyDialog } from './StrategyDialog';
import { strategyEntity, UPDATE_BY_USER_OP } from './strategy-form';

export interface StrategyButtonProps {
  /** After a save: the page lists again (the strategy page shows the saved row). */
  onSaved?: () => void;
}

/**
 * "风控策略" in a toolbar, opening the editor of the signed-in user's control strategy; shown to whoever holds the
 * button the contract asks for `updateByUser` (x-entity.actions of xsh_comm_control_strategy: `edit`).
 */
export function StrategyButton({ onSaved }: StrategyButtonProps) {
  const { t } = useTranslation();
  const canAct = useCanAct(strategyEntity);
  const [open, setOpen] = useState(false);
  if (!canAct(UPDATE_BY_USER_OP)) return null;
  return (
    <>
      <Button data-action="strategy-edit" onClick={() => setOpen(true)}>
        <ShieldCheck aria-hidden />
        {t('automation.strategy.button')}
      </Button>
      <StrategyDialog open={open} onOpenChange={setOpen} onSaved={() => onSaved?.()} />
    </>
  );
}

/** The control-strategy page (generic: list, search, export) with the editor by customer in its toolbar. */
export function strategyExtension(): EntityPageExtension {
  return { toolbar: (page: CrudToolbarContext) => <StrategyButton onSaved={page.reload} /> };
}

/**
 * A page extension with the editor added to its toolbar, after the page's own tools: the Xiaohongshu comment tasks,
 * whose runs the strategy limits when a task uses it (xsh_comm.yaml `useStrategy`).
 */
export function withStrategyButton(extension: EntityPageExtension): EntityPageExtension {
  const own = extension.toolbar;
  return {
    ...extension,
    toolbar: (page) => (
      <>
        {own?.(page)}
        <StrategyButton />
      </>
    ),
  };
}
