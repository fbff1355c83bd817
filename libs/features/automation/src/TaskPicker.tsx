import { refOptions, useRemoteOptions } from '@smart/crud';
import { Combobox, Field } from '@smart/ui';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityManifestData } from '@smart/api-sdk/manifest';

export interface TaskPickerProps {
  /** The entity whose `commId` names the task (a pool, a comment log). */
  entity: EntityManifestData;
  /** The comment task's id, '' for every task of the account. */
  value: string;
  onChange: (value: string) => void;
  description?: ReactNode;
}

/**
 * The comment task rows belong to, among the tasks the contract's ref of `commId` lists (x-entity.refs); nothing
 * when the entity declares no such ref.
 */
export function TaskPicker({ entity, value, onChange, description }: TaskPickerProps) {
  const { t } = useTranslation();
  const ref = entity.fields.find((f) => f.name === 'commId')?.ref;
  const loaded = useRemoteOptions(ref ? refOptions(ref) : undefined);
  const options = useMemo(() => loaded.map((o) => ({ label: o.label, value: String(o.value) })), [loaded]);
  if (!ref) return null;
  return (
    <Field label={t('automation.pool.task')} description={description}>
      {(control) => (
        <Combobox
          {...control}
          options={options}
          value={value || undefined}
          onChange={(v) => onChange(v ?? '')}
          placeholder={t('automation.pool.anyTask')}
          clearable
        />
      )}
    </Field>
  );
}
