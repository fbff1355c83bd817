import type * as React from 'react';
import type { $ZodType } from 'zod/v4/core';

import type { UploadHandler } from '@smart/ui';

/** An option of a select, switch or dictionary; tree and cascader options may nest. */
export type Option = {
  label: string;
  value: string | number;
  disabled?: boolean;
  /** Tree / cascader children. */
  children?: Option[] | null;
  /** Tree / cascader: children are loaded by the column's `loadChildren`. */
  hasChildren?: boolean;
  isLeaf?: boolean;
};

/** Options a column reads on demand, such as the rows of another entity (remote-options.ts, entity-refs.ts). */
export interface RemoteOptions {
  /**
   * What they are cached under, shared by every column giving the same key; it starts with the entity they come from
   * (`['dy_comm_arr', 'arrName']`), so a write on that entity's page drops them.
   */
  key: readonly [entity: string, ...rest: string[]];
  /** Reads the options; a failure leaves the field with its raw values. */
  load: (signal?: AbortSignal) => Promise<Option[]>;
}

export type CrudFieldType =
  | 'input'
  | 'textarea'
  /** A list of strings, one a line (the contract's arrays of strings: a note's image links). */
  | 'lines'
  | 'number'
  | 'select'
  | 'radio'
  | 'multiselect'
  | 'tree'
  | 'cascader'
  | 'switch'
  | 'password'
  | 'date'
  | 'datetime'
  | 'daterange'
  | 'upload'
  | 'avatar'
  | 'color'
  /** A menu icon among those the console renders (menu-icons.tsx), listed beside its name. */
  | 'icon'
  /** HTML edited as rich text (rich-text-editor.tsx), sanitised to the allowlist of desk.yaml's notice content. */
  | 'richtext';

/** Types whose control is typed into; the rest pick (a list, a tree, a date, a file), and their texts say so. */
const TYPED: readonly CrudFieldType[] = ['input', 'textarea', 'lines', 'password', 'number', 'richtext'];

/** Whether a control of this type picks rather than takes typing (default `input`). */
export function isChoiceType(type: CrudFieldType | undefined): boolean {
  return !TYPED.includes(type ?? 'input');
}

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
  /**
   * A check against the other fields (a confirmation that must repeat a password): the message key of what is
   * wrong, or undefined when the value is right.
   */
  validate?: (value: unknown, values: Record<string, unknown>) => string | undefined;
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
  /** Smallest list width when resizing (px). Default 60. */
  minWidth?: number;
  /** Header click sorts on the server (sent as `ascs` / `descs`). */
  sortable?: boolean;
  /** Server field for sorting; default the prop in snake_case (`createTime` → `create_time`). */
  sortField?: string;
  /** Keep the column in view when the table scrolls sideways (give it a numeric width). */
  fixed?: 'left' | 'right';
  /** false: the column settings cannot hide it. Default true. */
  hideable?: boolean;
  /** false: left out of CSV / Excel exports. Default true. */
  exportable?: boolean;
  align?: 'left' | 'center' | 'right';
  /** Show in the search bar. */
  search?: boolean;
  /** Query parameter the search value is sent as; default the prop (`postCode_like` searches by contains). */
  searchParam?: string;
  /** For date/datetime: search as a range, sent as `<prop>_dategt` / `<prop>_datelt`. Implied by 'daterange'. */
  searchRange?: boolean;
  /** The query parameters of a range's start and end; default `<prop>_dategt` / `<prop>_datelt`. */
  searchRangeParams?: readonly [start: string, end: string];
  hideInList?: boolean;
  /** Listed only once the column settings show it: off by default, unlike `hideInList`, which removes it. */
  listHidden?: boolean;
  /** true hides in every dialog mode; or per mode. */
  hideInForm?: boolean | Partial<Record<CrudFormMode, boolean>>;
  /** Dictionary code resolved through the CRUD context's `dictionary`. */
  dict?: string;
  /** The field holds numbers: the dictionary's keys (strings on the wire) are compared and sent as numbers. */
  numericDict?: boolean;
  /** Static options (select, radio, multiselect, tree, cascader; switch: [off, on]). */
  options?: Option[];
  /** Options read on demand (another entity's rows, `x-entity.refs`); the list shows their labels. */
  remoteOptions?: RemoteOptions;
  /** Select: pick from a searchable list (long option lists: another entity's rows). */
  filterable?: boolean;
  /**
   * How multi-valued fields (multiselect, multiple tree, upload, cascader, daterange) store their value:
   * 'string' joins with `separator` (the platform sends comma-joined ids), 'array' keeps an array.
   * Default 'string', except 'array' for cascader and daterange.
   */
  dataType?: 'string' | 'array';
  /** Separator of `dataType: 'string'`. Default ','. */
  separator?: string;
  /** Tree: several nodes with checkboxes. */
  multiple?: boolean;
  /** Tree: check parent and children independently. */
  checkStrictly?: boolean;
  /** Multiselect / multiple tree: show at most this many tags, then "+N". */
  maxTagCount?: number;
  /** Tree and cascader: load the children of a node with `hasChildren: true` or `isLeaf: false`. */
  loadChildren?: (parent: Option) => Promise<Option[]>;
  /** Number: control limits (clamped on blur), step and decimal places. */
  min?: number;
  max?: number;
  step?: number;
  precision?: number;
  /** Date / datetime / daterange: earliest and latest selectable dates ('YYYY-MM-DD'). */
  minDate?: string;
  maxDate?: string;
  /** Upload / avatar: accepted types ('image/jpeg,image/png'), max size in bytes, max count. */
  accept?: string;
  acceptLabel?: string;
  maxSize?: number;
  maxCount?: number;
  /** Upload / avatar: uploads a file and resolves to its link (the kit never does HTTP itself). */
  upload?: UploadHandler;
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

/** How a tree resource lists its rows (see `ResourceDef.tree`). */
export interface ResourceTree {
  /** Form field holding the parent's id, preset by the "add child" action. Default 'parentId'. */
  parentField?: string;
  /** Roots carry `hasChildren: true`; each level loads through `adapter.children` when first expanded. */
  lazy?: boolean;
  /** The "add child" row action (shown when adding is allowed). Default true. */
  addChild?: boolean;
  /**
   * The column naming a row (a department's name): a parent column of type `tree` without options of its own is
   * offered the loaded rows by this label. Default: the first input column other than the row key.
   */
  labelField?: string;
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
  /** Initial sort of the list. */
  defaultSort?: { prop: Extract<keyof Row, string>; order: 'asc' | 'desc' };
  /** Column widths adjustable by dragging the header edges. Default true. */
  resizable?: boolean;
  /** Where column visibility, order, widths and density persist (localStorage); default `crud:<name>`; false: not kept. */
  storageKey?: string | false;
  /** Export button (CSV / Excel of every row matching the current search). Default true. */
  export?: boolean;
  /** Form validation schema (its messages may be keys; they pass through `t`). Replaces column rules. */
  schema?: $ZodType<Form, unknown>;
  /** Map a row (or detail) to the dialog's initial values. */
  toForm?: (row: Row) => Partial<Form>;
  /**
   * List the rows as a tree (departments, menus, regions, roles): `list` answers the roots, each with its loaded
   * `children` or (lazy) `hasChildren: true`. Trees are not paged: no pagination bar, `total` unused, and list is
   * still sent `current: 1` and the page size, which tree endpoints ignore. No index column.
   */
  tree?: ResourceTree;
}

export type CrudListParams = { current: number; size: number } & Record<string, string | number | boolean>;

/** The current filters and sort (`ascs` / `descs`), without paging. */
export type CrudExportParams = Record<string, string | number | boolean>;

export interface CrudListResult<Row> {
  records: Row[];
  total: number;
}

/** Data access for one resource. The kit never does HTTP itself. */
export interface CrudAdapter<Row, Form = Row> {
  list(params: CrudListParams): Promise<CrudListResult<Row>>;
  /** Every row matching the filters (no paging), for export. Without it export pages through `list`. */
  export?(params: CrudExportParams): Promise<Row[]>;
  detail?(id: string): Promise<Row>;
  /** Lazy trees: the direct children of `parent`, under the current filters and sort. */
  children?(parent: Row, params: CrudExportParams): Promise<Row[]>;
  create(form: Form): Promise<unknown>;
  update(form: Form & { id: string }): Promise<unknown>;
  remove(ids: string[]): Promise<unknown>;
}
