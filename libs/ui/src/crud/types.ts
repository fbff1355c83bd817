import type * as React from 'react';
import type { $ZodType } from 'zod/v4/core';

/** An option of a select, switch or dictionary. */
export type Option = { label: string; value: string | number; disabled?: boolean };

export type CrudFieldType =
  'input' | 'textarea' | 'number' | 'select' | 'switch' | 'password' | 'date' | 'datetime' | 'daterange';

export type CrudFormMode = 'add' | 'edit' | 'view';

/** A rule with its message key (translated through the CRUD context's `t`). */
export type CrudRuleValue<T> = { value: T; message: string };

export interface CrudRules {
  /** Message key, or true for the kit's default "请输入{label}". */
  required?: string | boolean;
  /** Max length (text) or max value (number). */
  max?: number | CrudRuleValue<number>;
  /** Min length (text) or min value (number). */
  min?: number | CrudRuleValue<number>;
  pattern?: CrudRuleValue<RegExp>;
}

/** One column drives the list cell, the search field and the dialog field (Avue style). */
export interface CrudColumn<Row, Form = Row> {
  prop: Extract<keyof Row | keyof Form, string>;
  /** Label key, translated through the CRUD context's `t`. */
  label: string;
  /** Default 'input'. */
  type?: CrudFieldType;
  /** Textarea rows. */
  rows?: number;
  /** List column width (number = px). */
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Show in the search bar. */
  search?: boolean;
  /** For date/datetime: search as a range, sent as `<prop>_dategt` / `<prop>_datelt`. Implied by 'daterange'. */
  searchRange?: boolean;
  hideInList?: boolean;
  /** true hides in every dialog mode; or per mode. */
  hideInForm?: boolean | Partial<Record<CrudFormMode, boolean>>;
  /** Dictionary code resolved through the CRUD context's `dictionary`. */
  dict?: string;
  /** Static options (select, switch: [off, on]). */
  options?: Option[];
  rules?: CrudRules;
  /** Width in the dialog grid, out of 24. Default 12 (24 for textarea). */
  span?: number;
  /** Placeholder key; default "请输入{label}" / "请选择{label}". */
  placeholder?: string;
  /** Initial value in the add dialog. */
  defaultValue?: unknown;
  /** Disable the field in the dialog (per mode or always). */
  disabled?: boolean | Partial<Record<CrudFormMode, boolean>>;
  /** Custom list cell. */
  render?: (row: Row) => React.ReactNode;
}

export interface CrudPermissions {
  add?: string;
  edit?: string;
  delete?: string;
  view?: string;
}

export interface CrudActions {
  add?: boolean;
  view?: boolean;
  edit?: boolean;
  delete?: boolean;
  batchDelete?: boolean;
  refresh?: boolean;
}

export interface ResourceDef<Row, Form = Row> {
  /** Entity name, e.g. 'param'. Used for test ids and default permission codes. */
  name: string;
  /** Title key (dialog titles read "新增 <title>"). */
  title?: string;
  /** Row id property; default 'id'. */
  rowKey?: Extract<keyof Row, string>;
  columns: CrudColumn<Row, Form>[];
  /** Permission codes; default `<name>_add|_edit|_delete|_view`. */
  permissions?: CrudPermissions;
  /** Which buttons exist at all (before permissions). Default all true. */
  actions?: CrudActions;
  dialog?: { width?: number | string; closeOnOutsideClick?: boolean };
  /** Width of the row action column (Avue menuWidth). Default 240. */
  menuWidth?: number;
  /** Index column. Default true. */
  index?: boolean;
  /** Selection column. Default true. */
  selection?: boolean;
  /** Bordered table. Default true. */
  bordered?: boolean;
  pageSizes?: number[];
  defaultPageSize?: number;
  /** Form validation schema (its messages may be keys; they pass through `t`). Replaces column rules. */
  schema?: $ZodType<Form, unknown>;
  /** Map a row (or detail) to the dialog's initial values. */
  toForm?: (row: Row) => Partial<Form>;
}

export type CrudListParams = { current: number; size: number } & Record<string, string | number | boolean>;

export interface CrudListResult<Row> {
  records: Row[];
  total: number;
}

/** Data access for one resource. The kit never does HTTP itself. */
export interface CrudAdapter<Row, Form = Row> {
  list(params: CrudListParams): Promise<CrudListResult<Row>>;
  detail?(id: string): Promise<Row>;
  create(form: Form): Promise<unknown>;
  update(form: Form & { id: string }): Promise<unknown>;
  remove(ids: string[]): Promise<unknown>;
}
