import { Switch } from '@smart/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanAct } from '@smart/crud';
import type { PoolKind } from './pool-entities';

export interface PoolSwitchProps {
  kind: PoolKind;
  id: string;
  /** The row's `status`: 1 enabled, 0 disabled (patterns.yaml EnableStatus). */
  status: unknown;
  /** What the row holds (its link or keyword): the switch's accessible name. */
  rowLabel: string;
  /** The switch changed the row: list the pool again. */
  onChanged?: () => void;
}

/**
 * A pool row's on/off switch in its list, through the pool's `enable` (runs take only enabled rows). Read-only for
 * whoever lacks the button the contract asks for it.
 */
export function PoolSwitch({ kind, id, status, rowLabel, onChanged }: PoolSwitchProps) {
  const canAct = useCanAct(kind.entity);
  const { t } = useTranslation();
  // the switched state stays until the list is read again (a reload brings the row's own)
  const [value, setValue] = useState(Number(status));
  useEffect(() => setValue(Number(status)), [status]);
  const [pending, setPending] = useState<number | undefined>();
  const on = (pending ?? value) === 1;
  const change = async (next: boolean) => {
    const wanted = next ? 1 : 0;
    setPending(wanted);
    try {
      await kind.enable.call({ id, status: wanted });
      setValue(wanted);
      onChanged?.();
    } catch {
      // the HTTP layer has shown why; the switch goes back
    } finally {
      setPending(undefined);
    }
  };
  return (
    <Switch
      checked={on}
      disabled={pending !== undefined || !canAct(kind.enable.op)}
      aria-label={t('automation.pool.switch', { name: rowLabel || id })}
      onCheckedChange={(next) => void change(next)}
    />
  );
}
