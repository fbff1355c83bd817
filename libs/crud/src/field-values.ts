import dayjs from 'dayjs';

import type { CascaderOption, UploadFile } from '@smart/ui';
import { DATE_TIME_FORMAT } from './search-params';
import type { CrudColumn, Option } from './types';

// The value conversions of CRUD fields (stored form ↔ control ↔ list text), apart from the controls in
// crud-field.tsx so that file stays readable.

const DATE_ONLY_FORMAT = 'YYYY-MM-DD';

export function toText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return String(value);
}

function dataTypeOf<Row, Form>(column: CrudColumn<Row, Form>): 'string' | 'array' {
  if (column.dataType) return column.dataType;
  return column.type === 'cascader' || column.type === 'daterange' ? 'array' : 'string';
}

/** A multi-valued field's value as a list of strings (from an array or a `separator`-joined string). */
export function splitFieldValue(value: unknown, separator = ','): string[] {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined && v !== null && v !== '').map(String);
  if (value === undefined || value === null || value === '') return [];
  return String(value)
    .split(separator)
    .map((v) => v.trim())
    .filter(Boolean);
}

/** A `lines` field's items: an array's non-empty strings. */
export const linesOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];

/** A `lines` field's text as typed, as the field stores it: the trimmed non-empty lines. */
export const parseLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Every option of a (nested) option list, depth first. */
export function flattenOptions(options: Option[]): Option[] {
  const out: Option[] = [];
  const walk = (list: Option[]) => {
    for (const option of list) {
      out.push(option);
      if (option.children) walk(option.children);
    }
  };
  walk(options);
  return out;
}

/** Store a list per the column's `dataType`: joined string (default) or array (option values keep their type). */
export function joinFieldValue<Row, Form>(
  column: CrudColumn<Row, Form>,
  list: string[],
  options: Option[] = [],
): string | (string | number)[] {
  if (dataTypeOf(column) === 'string') return list.join(column.separator ?? ',');
  const byText = new Map(flattenOptions(options).map((o) => [String(o.value), o.value]));
  return list.map((v) => byText.get(v) ?? v);
}

export function optionValue(options: Option[], text: string | undefined): string | number | undefined {
  if (text === undefined) return undefined;
  const hit = flattenOptions(options).find((o) => String(o.value) === text);
  return hit ? hit.value : text;
}

function fileName(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url;
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || url;
}

export function toUploadFiles(value: unknown, separator: string): UploadFile[] {
  if (Array.isArray(value)) {
    return value.flatMap((item): UploadFile[] => {
      if (typeof item === 'string') return item ? [{ name: fileName(item), url: item }] : [];
      if (item && typeof item === 'object' && 'url' in item) {
        const url = String((item as { url: unknown }).url);
        const name = 'name' in item ? String((item as { name: unknown }).name) : fileName(url);
        return [{ name, url }];
      }
      return [];
    });
  }
  return splitFieldValue(value, separator).map((url) => ({ name: fileName(url), url }));
}

export const missingUpload = (): Promise<never> =>
  Promise.reject(new Error('CrudColumn of type upload/avatar needs an `upload` handler'));

export function toNumber(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isNaN(n) ? undefined : n;
}

export function toCascaderOptions(options: Option[]): CascaderOption[] {
  return options.map((o) => ({
    label: o.label,
    value: String(o.value),
    disabled: o.disabled,
    isLeaf: o.isLeaf,
    hasChildren: o.hasChildren,
    children: o.children ? toCascaderOptions(o.children) : o.children,
  }));
}

function formatDate(value: unknown, format: string): string {
  const text = toText(value);
  if (!text) return '';
  const parsed = dayjs(text);
  return parsed.isValid() ? parsed.format(format) : text;
}

/** Display text of a value in the list (dictionary/option labels, formatted dates, masked password). */
export function formatCellValue<Row, Form>(
  column: CrudColumn<Row, Form>,
  value: unknown,
  options: Option[],
): string {
  const type = column.type ?? 'input';
  if (type === 'password') return value ? '******' : '';
  const separator = column.separator ?? ',';
  const all = flattenOptions(options);
  const labelOf = (v: string) => all.find((o) => String(o.value) === v)?.label ?? v;
  switch (type) {
    case 'date':
      return formatDate(value, DATE_ONLY_FORMAT);
    case 'datetime':
      return formatDate(value, DATE_TIME_FORMAT);
    case 'daterange': {
      const [start, end] = splitFieldValue(value, separator);
      return start || end
        ? `${formatDate(start, DATE_ONLY_FORMAT)} ~ ${formatDate(end, DATE_ONLY_FORMAT)}`
        : '';
    }
    case 'lines':
      return linesOf(value).join(', ');
    case 'multiselect':
      return splitFieldValue(value, separator).map(labelOf).join(', ');
    case 'tree':
      return column.multiple
        ? splitFieldValue(value, separator).map(labelOf).join(', ')
        : toText(value) && labelOf(toText(value));
    case 'cascader': {
      const path = splitFieldValue(value, separator);
      const labels: string[] = [];
      let level: Option[] | null | undefined = options;
      for (const v of path) {
        const hit: Option | undefined = level?.find((o) => String(o.value) === v);
        labels.push(hit?.label ?? v);
        level = hit?.children;
      }
      return labels.join(' / ');
    }
    case 'upload':
      return toUploadFiles(value, separator)
        .map((f) => f.name)
        .join(', ');
    case 'color':
      return toText(value);
    default:
      break;
  }
  if (options.length > 0) {
    const hit = all.find((o) => String(o.value) === toText(value));
    if (hit) return hit.label;
  }
  if (type === 'switch' && typeof value === 'boolean') return value ? '✓' : '';
  return toText(value);
}
