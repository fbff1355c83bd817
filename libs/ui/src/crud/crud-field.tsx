import dayjs from 'dayjs';
import type * as React from 'react';

import { Input } from '../components/input';
import { PasswordInput } from '../components/password-input';
import { SimpleSelect } from '../components/select';
import { Switch } from '../components/switch';
import { Textarea } from '../components/textarea';
import { useUiLocale } from '../locale/ui-locale';
import { useCrudContext, useOptions } from './crud-context';
import { DATE_TIME_FORMAT } from './search-params';
import type { CrudColumn, Option } from './types';

export type CrudControlProps<Row, Form> = {
  column: CrudColumn<Row, Form>;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  readOnly?: boolean;
  disabled?: boolean;
  id?: string;
  name?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
  'aria-required'?: boolean;
  ref?: React.Ref<HTMLElement>;
};

function toText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return String(value);
}

/** Display text of a value in the list (dictionary/option label, masked password). */
export function formatCellValue<Row, Form>(
  column: CrudColumn<Row, Form>,
  value: unknown,
  options: Option[],
): string {
  if (column.type === 'password') return value ? '******' : '';
  if (options.length > 0) {
    const hit = options.find((o) => String(o.value) === toText(value));
    if (hit) return hit.label;
  }
  if (column.type === 'switch' && typeof value === 'boolean') return value ? '✓' : '';
  return toText(value);
}

/** Cell of a list column: resolves dictionary labels. */
export function CrudCell<Row, Form>({ column, row }: { column: CrudColumn<Row, Form>; row: Row }) {
  const options = useOptions(column.dict, column.options);
  if (column.render) return <>{column.render(row)}</>;
  const value = (row as Record<string, unknown>)[column.prop];
  return <>{formatCellValue(column, value, options)}</>;
}

/** The input control of a column (dialog or search bar). */
export function CrudControl<Row, Form>({
  column,
  value,
  onChange,
  onBlur,
  readOnly,
  disabled,
  ref,
  ...rest
}: CrudControlProps<Row, Form>) {
  const { t } = useCrudContext();
  const { messages } = useUiLocale();
  const options = useOptions(column.dict, column.options);
  const label = t(column.label);
  const type = column.type ?? 'input';
  const isChoice = type === 'select';
  const placeholder = readOnly
    ? undefined
    : column.placeholder
      ? t(column.placeholder)
      : isChoice
        ? messages.pleaseSelect(label)
        : messages.pleaseInput(label);

  switch (type) {
    case 'textarea':
      return (
        <Textarea
          {...rest}
          ref={ref as React.Ref<HTMLTextAreaElement>}
          rows={column.rows ?? 3}
          value={toText(value)}
          readOnly={readOnly}
          disabled={disabled}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      );
    case 'password':
      return (
        <PasswordInput
          {...rest}
          ref={ref as React.Ref<HTMLInputElement>}
          value={toText(value)}
          readOnly={readOnly}
          disabled={disabled}
          placeholder={placeholder}
          autoComplete="new-password"
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      );
    case 'number':
      return (
        <Input
          {...rest}
          ref={ref as React.Ref<HTMLInputElement>}
          type="number"
          value={toText(value)}
          readOnly={readOnly}
          disabled={disabled}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
          onBlur={onBlur}
        />
      );
    case 'select':
      return (
        <SimpleSelect
          id={rest.id}
          name={rest.name}
          aria-invalid={rest['aria-invalid']}
          aria-describedby={rest['aria-describedby']}
          aria-label={rest['aria-label']}
          disabled={disabled || readOnly}
          placeholder={placeholder}
          value={toText(value)}
          onValueChange={(v) => {
            const hit = options.find((o) => String(o.value) === v);
            onChange(hit ? hit.value : v);
          }}
          onBlur={onBlur}
          options={options.map((o) => ({ value: String(o.value), label: o.label, disabled: o.disabled }))}
        />
      );
    case 'switch': {
      const [off, on] = options;
      const checked = on ? toText(value) === String(on.value) : value === true;
      return (
        <Switch
          {...rest}
          ref={ref as React.Ref<HTMLButtonElement>}
          checked={checked}
          disabled={disabled || readOnly}
          onCheckedChange={(next) => onChange(on && off ? (next ? on.value : off.value) : next)}
          onBlur={onBlur}
        />
      );
    }
    case 'date':
    case 'datetime':
      return (
        <Input
          {...rest}
          ref={ref as React.Ref<HTMLInputElement>}
          type={type === 'date' ? 'date' : 'datetime-local'}
          step={type === 'datetime' ? 1 : undefined}
          value={type === 'datetime' ? toText(value).replace(' ', 'T') : toText(value)}
          readOnly={readOnly}
          disabled={disabled}
          onChange={(e) => {
            const raw = e.target.value;
            onChange(type === 'datetime' && raw ? dayjs(raw).format(DATE_TIME_FORMAT) : raw);
          }}
          onBlur={onBlur}
        />
      );
    default:
      return (
        <Input
          {...rest}
          ref={ref as React.Ref<HTMLInputElement>}
          value={toText(value)}
          readOnly={readOnly}
          disabled={disabled}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      );
  }
}
