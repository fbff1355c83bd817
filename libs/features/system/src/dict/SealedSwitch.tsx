import type { Dict } from '@smart/api-sdk';
import { useCrudContext } from '@smart/crud';
import { Switch, toast, useUiLocale } from '@smart/ui';
import { useState } from 'react';
import { toDictSubmit } from './dict.adapter';
import type { DictApi } from './dict.api';

/**
 * The sealed flag switched right in the list (docs/spec.md §4: 0 ↔ 1). It saves the whole row through submit, because the
 * contract has no partial update; on failure (already reported by the HTTP layer) it springs back.
 */
export function SealedSwitch({ row, api }: { row: Dict; api: DictApi }) {
  const { t, can } = useCrudContext();
  const { messages } = useUiLocale();
  const [sealed, setSealed] = useState<number>(row.isSealed);
  const [saving, setSaving] = useState(false);

  const change = async (next: number) => {
    const before = sealed;
    setSealed(next);
    setSaving(true);
    try {
      await api.submit(toDictSubmit({ ...row, isSealed: next }));
      toast.success(messages.operationSuccess);
    } catch {
      setSealed(before);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Switch
      aria-label={`${t(`${api.entity.i18n}.isSealed`)}: ${row.dictValue}`}
      data-field="isSealed"
      value={sealed}
      checkedValue={1}
      uncheckedValue={0}
      disabled={saving || !can(api.entity.buttons.edit ?? `${api.name}_edit`)}
      onChange={(next) => void change(Number(next))}
    />
  );
}
