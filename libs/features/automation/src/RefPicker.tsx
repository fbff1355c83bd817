import type { EntityManifestData } from '@smart/api-sdk/manifest';
import { refOptions, useRemoteOptions } from '@smart/crud';
import { Combobox, Field } from '@smart/ui';
import { useMemo, type ReactNode } from 'react';

export interface RefPickerProps {
  /** The entity whose field names the row (a pool's or a log's `commId`, a comment's `groupId`). */
  entity: EntityManifestData;
  field: string;
  label: string;
  /** What an empty choice means ('' is sent): "every task". */
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  description?: ReactNode;
  required?: boolean;
}

/**
 * A row of the entity the field refers to, among the rows the contract's ref lists (x-entity.refs); nothing when the
 * entity declares no ref of that field.
 */
export function RefPicker({
  entity,
  field,
  label,
  placeholder,
  value,
  onChange,
  description,
  required,
}: RefPickerProps) {
  const ref = entity.fields.find((f) => f.name === field)?.ref;
  const loaded = useRemoteOptions(ref ? refOptions(ref) : undefined);
  const options = useMemo(() => loaded.map((o) => ({ label: o.label, value: String(o.value) })), [loaded]);
  if (!ref) return null;
  return (
    <Field label={label} description={description} required={required}>
      {(control) => (
        <Combobox
          {...control}
          options={options}
          value={value || undefined}
          onChange={(v) => onChange(v ?? '')}
          {...(placeholder ? { placeholder } : {})}
          clearable={!required}
        />
      )}
    </Field>
  );
}
