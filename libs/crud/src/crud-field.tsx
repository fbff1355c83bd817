import type * as React from 'react';

import {
  Input,
  NumberInput,
  PasswordInput,
  RadioGroup,
  SimpleSelect,
  Switch,
  Textarea,
  type TreeNodeData,
  useUiLocale,
} from '@smart/ui';
import { useCrudContext } from './crud-context';
import {
  joinFieldValue,
  missingUpload,
  optionValue,
  splitFieldValue,
  toCascaderOptions,
  toNumber,
  toText,
  toUploadFiles,
} from './field-values';
import {
  AvatarUpload,
  Cascader,
  ColourPicker,
  Combobox,
  DatePicker,
  DateRangePicker,
  DateTimePicker,
  MultiSelect,
  RichTextEditor,
  TreeSelect,
  Upload,
} from './lazy-controls';
import { LinesTextarea } from './lines-textarea';
import { useColumnOptions } from './remote-options';
import { isChoiceType, type CrudColumn, type Option } from './types';
import { IconPicker } from './icon-picker';

export { CrudCell } from './crud-cell';

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
  const options = useColumnOptions(column);
  const label = t(column.label);
  const type = column.type ?? 'input';
  const placeholder = readOnly
    ? undefined
    : column.placeholder
      ? t(column.placeholder)
      : isChoiceType(type)
        ? messages.pleaseSelect(label)
        : messages.pleaseInput(label);
  const separator = column.separator ?? ',';
  const buttonRef = ref as React.Ref<HTMLButtonElement>;
  const control = {
    id: rest.id,
    name: rest.name,
    'aria-invalid': rest['aria-invalid'],
    'aria-describedby': rest['aria-describedby'],
    'aria-label': rest['aria-label'],
    'aria-required': rest['aria-required'],
    disabled: disabled || readOnly,
    onBlur,
  };
  const { loadChildren } = column;

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
    case 'richtext':
      return (
        <RichTextEditor
          id={rest.id}
          name={rest.name}
          aria-invalid={rest['aria-invalid']}
          aria-describedby={rest['aria-describedby']}
          aria-required={rest['aria-required']}
          ref={ref}
          label={rest['aria-label'] ?? label}
          placeholder={placeholder}
          value={value}
          readOnly={readOnly}
          disabled={disabled}
          onChange={onChange}
          onBlur={onBlur}
        />
      );
    case 'lines':
      return (
        <LinesTextarea
          {...rest}
          ref={ref as React.Ref<HTMLTextAreaElement>}
          rows={column.rows ?? 3}
          value={value}
          readOnly={readOnly}
          disabled={disabled}
          placeholder={placeholder}
          onChange={onChange}
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
        <NumberInput
          {...rest}
          ref={ref as React.Ref<HTMLInputElement>}
          value={toNumber(value) ?? null}
          min={column.min}
          max={column.max}
          step={column.step}
          precision={column.precision}
          readOnly={readOnly}
          disabled={disabled}
          placeholder={placeholder}
          onChange={(next) => onChange(next)}
          onBlur={onBlur}
        />
      );
    case 'select':
      // a long list (another entity's rows): searched by label; clearing sends '' (no row, patterns.yaml OptionalId)
      if (column.filterable)
        return (
          <Combobox
            {...control}
            ref={buttonRef}
            placeholder={placeholder}
            value={toText(value)}
            onChange={(v) => onChange(v === undefined ? '' : optionValue(options, v))}
            options={options.map((o) => ({ value: String(o.value), label: o.label, disabled: o.disabled }))}
          />
        );
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
          onValueChange={(v) => onChange(optionValue(options, v))}
          onBlur={onBlur}
          options={options.map((o) => ({ value: String(o.value), label: o.label, disabled: o.disabled }))}
        />
      );
    case 'radio':
      return (
        <RadioGroup
          id={rest.id}
          name={rest.name}
          aria-invalid={rest['aria-invalid']}
          aria-describedby={rest['aria-describedby']}
          aria-label={rest['aria-label'] ?? label}
          aria-required={rest['aria-required']}
          disabled={disabled || readOnly}
          value={toText(value)}
          onValueChange={(v) => onChange(optionValue(options, v))}
          onBlur={onBlur}
          options={options.map((o) => ({ value: String(o.value), label: o.label, disabled: o.disabled }))}
        />
      );
    case 'multiselect':
      return (
        <MultiSelect
          {...control}
          ref={buttonRef}
          placeholder={placeholder}
          maxTagCount={column.maxTagCount}
          value={splitFieldValue(value, separator)}
          onChange={(list) => onChange(joinFieldValue(column, list, options))}
          options={options.map((o) => ({ value: String(o.value), label: o.label, disabled: o.disabled }))}
        />
      );
    case 'tree': {
      const treeProps = {
        ...control,
        ref: buttonRef,
        placeholder,
        data: options as TreeNodeData[],
        fieldNames: { value: 'value', label: 'label' },
        loadChildren: loadChildren ? (node: TreeNodeData) => loadChildren(node as Option) : undefined,
      };
      return column.multiple ? (
        <TreeSelect
          {...treeProps}
          multiple
          checkStrictly={column.checkStrictly}
          maxTagCount={column.maxTagCount}
          value={splitFieldValue(value, separator)}
          onChange={(list) => onChange(joinFieldValue(column, list, options))}
        />
      ) : (
        <TreeSelect
          {...treeProps}
          value={toText(value)}
          onChange={(v, node) =>
            onChange(node ? node.value : v === undefined ? undefined : optionValue(options, v))
          }
        />
      );
    }
    case 'cascader':
      return (
        <Cascader
          {...control}
          ref={buttonRef}
          placeholder={placeholder}
          options={toCascaderOptions(options)}
          loadOptions={
            loadChildren
              ? async (option) => toCascaderOptions(await loadChildren(option as Option))
              : undefined
          }
          value={splitFieldValue(value, separator)}
          onChange={(path) => onChange(path.length === 0 ? undefined : joinFieldValue(column, path))}
        />
      );
    case 'switch': {
      const [off, on] = options;
      return (
        <Switch
          {...rest}
          ref={buttonRef}
          value={on && off ? (value as string | number | boolean | null | undefined) : value === true}
          checkedValue={on && off ? on.value : true}
          uncheckedValue={on && off ? off.value : false}
          disabled={disabled || readOnly}
          onChange={(next) => onChange(next)}
          onBlur={onBlur}
        />
      );
    }
    case 'date':
    case 'datetime': {
      const Picker = type === 'date' ? DatePicker : DateTimePicker;
      return (
        <Picker
          {...control}
          ref={buttonRef}
          placeholder={placeholder}
          min={column.minDate}
          max={column.maxDate}
          value={toText(value) || null}
          onChange={(next) => onChange(next)}
        />
      );
    }
    case 'daterange': {
      const [start = '', end = ''] = splitFieldValue(value, separator);
      return (
        <DateRangePicker
          {...control}
          ref={buttonRef}
          min={column.minDate}
          max={column.maxDate}
          value={start || end ? [start, end] : null}
          onChange={(range) => onChange(range ? joinFieldValue(column, range) : undefined)}
        />
      );
    }
    case 'upload':
      return (
        <Upload
          {...control}
          ref={buttonRef}
          upload={column.upload ?? missingUpload}
          accept={column.accept}
          acceptLabel={column.acceptLabel}
          maxSize={column.maxSize}
          maxCount={column.maxCount}
          value={toUploadFiles(value, separator)}
          onChange={(files) =>
            onChange(
              joinFieldValue(
                column,
                files.map((f) => f.url),
              ),
            )
          }
        />
      );
    case 'avatar':
      return (
        <AvatarUpload
          {...control}
          ref={buttonRef}
          upload={column.upload ?? missingUpload}
          accept={column.accept}
          acceptLabel={column.acceptLabel}
          maxSize={column.maxSize}
          value={toText(value) || null}
          onChange={(url) => onChange(url)}
        />
      );
    case 'icon':
      return (
        <IconPicker
          {...control}
          ref={buttonRef}
          placeholder={placeholder}
          value={toText(value)}
          onChange={(name) => onChange(name)}
        />
      );
    case 'color':
      return (
        <ColourPicker
          {...control}
          ref={buttonRef}
          placeholder={placeholder}
          clearable
          value={toText(value) || null}
          onChange={(hex) => onChange(hex)}
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
