import type { EntityField, EntityFilter, EntityManifest, FilterKind } from '@smart/api-sdk/manifest';
import { toSnakeCase } from '@smart/ui';

import { refOptions } from './entity-refs';
import { isChoiceType, type CrudColumn, type CrudFieldType, type CrudRules, type ResourceDef } from './types';

type Prop<Row, Form> = Extract<keyof Row | keyof Form, string>;

/**
 * What a page says beyond its entity manifest (docs/architecture.md §4: "a page states only what differs"). Every
 * ResourceDef option but `columns` may be given as is; columns are patched by prop.
 */
export interface EntityOverrides<Row, Form> extends Partial<Omit<ResourceDef<Row, Form>, 'columns'>> {
  /**
   * Per-column patches by prop, merged over the derived column; `false` drops the column. A patch naming a field
   * outside the form (an audit column such as `createTime`) adds that field as a list-only column.
   */
  columns?: { [K in Prop<Row, Form>]?: Partial<CrudColumn<Row, Form>> | false };
  /** Columns the manifest knows nothing of, placed after the derived ones (unless `order` says otherwise). */
  extra?: CrudColumn<Row, Form>[];
  /** Props shown first, in this order; the other columns keep the contract's order after them. */
  order?: Prop<Row, Form>[];
}

/** Strings longer than a common VARCHAR(255) get a textarea (blade's `paramValue` is TEXT, 65535). */
const LONG_TEXT = 255;
const DATE_KINDS: readonly FilterKind[] = ['dategt', 'datelt', 'datege', 'datele', 'dateequal'];
const TEXT_KINDS: readonly FilterKind[] = ['like', 'likeleft', 'likeright'];

function guessType(field: EntityField): CrudFieldType {
  // ids of another entity's rows are picked among them (`x-entity.refs`), several into a comma-joined list
  if (field.ref) return field.ref.multiple ? 'multiselect' : 'select';
  if (field.dict || field.enum) return 'select';
  if (field.type === 'integer' || field.type === 'number') return 'number';
  if (field.type === 'boolean') return 'switch';
  if (field.type === 'array' && field.items === 'string') return 'lines';
  if (field.format === 'date-time') return 'datetime';
  if (field.format === 'date') return 'date';
  if (field.type === 'string' && (field.maxLength ?? 0) > LONG_TEXT) return 'textarea';
  return 'input';
}

/** Rules of a form field; message keys point at the generated catalogue's `<prefix>.rules.<field>`. */
function deriveRules(field: EntityField, prefix: string): CrudRules | undefined {
  if (!field.inForm) return undefined;
  const ruleKey = field.rule ? `${prefix}._rules.${field.name}` : undefined;
  const rules: CrudRules = {};
  if (field.required) rules.required = ruleKey ?? true;
  // The contract's one message is the required one for a required field, else the length one (types.ts `rule`).
  const lengthMessage = field.required ? undefined : ruleKey;
  const max = field.type === 'string' ? field.maxLength : field.maximum;
  const min = field.type === 'string' ? field.minLength : field.minimum;
  if (max !== undefined) rules.max = lengthMessage ? { value: max, message: lengthMessage } : max;
  // minLength 1 on a required field only restates "required".
  if (min !== undefined && !(field.required && field.type === 'string' && min <= 1)) {
    rules.min = lengthMessage ? { value: min, message: lengthMessage } : min;
  }
  // A pattern needs a message to show; without one in the contract it is left to the server's validation.
  if (field.pattern && ruleKey) rules.pattern = { value: new RegExp(field.pattern), message: ruleKey };
  return Object.keys(rules).length ? rules : undefined;
}

/**
 * The search of a filtered field: date kinds search a range between the bounds the contract declares,
 * text inputs prefer a contains kind when the contract offers one (post.yaml: `postCode` is equality, also `_like`).
 */
function deriveSearch<Row, Form>(
  column: CrudColumn<Row, Form>,
  filters: EntityFilter[],
): Partial<CrudColumn<Row, Form>> {
  if (!filters.length) return {};
  const kinds = filters.flatMap((f) => [f.kind, ...f.also]);
  if (kinds.some((k) => DATE_KINDS.includes(k))) {
    // the bounds the contract offers, inclusive ones first (notice.yaml: releaseTime_datege / _datelt)
    const bound = (...pick: FilterKind[]) => pick.find((k) => kinds.includes(k));
    const start = bound('datege', 'dategt') ?? 'dategt';
    const end = bound('datele', 'datelt') ?? 'datelt';
    return {
      search: true,
      searchRange: true,
      searchRangeParams: [`${column.prop}_${start}`, `${column.prop}_${end}`],
      type: column.type === 'date' ? 'date' : 'datetime',
    };
  }
  const plain = filters.find((f) => f.param === f.field);
  if (column.type === 'input' || column.type === 'textarea') {
    if (plain && TEXT_KINDS.includes(plain.kind)) return { search: true };
    const like = kinds.find((k) => TEXT_KINDS.includes(k));
    if (like) return { search: true, searchParam: `${column.prop}_${like}` };
  }
  return plain ? { search: true } : { search: true, searchParam: filters[0]!.param };
}

function deriveColumn<Row, Form>(
  entity: EntityManifest<Row, Form>,
  field: EntityField,
): CrudColumn<Row, Form> {
  const prop = field.name as Prop<Row, Form>;
  // a tree's parent is picked among the rows on screen (crud-tree.ts withParentOptions), not typed as an id
  const type = field.name === entity.tree?.parent ? 'tree' : guessType(field);
  const column: CrudColumn<Row, Form> = { prop, label: `${entity.i18n}.${field.name}`, type };
  if (type === 'textarea' || type === 'lines') column.span = 24;
  if (field.ref) {
    column.remoteOptions = refOptions(field.ref);
    column.filterable = true;
  } else if (field.dict) {
    column.dict = field.dict;
    if (field.type === 'integer' || field.type === 'number') column.numericDict = true;
  } else if (field.enum) column.options = field.enum.map((value) => ({ label: String(value), value }));
  const rules = deriveRules(field, entity.i18n);
  if (rules) column.rules = rules;
  // the field's own placeholder, written for every field typed in a form or a search bar (write-entities.ts)
  if (field.label && (field.inForm || entity.filters.some((f) => f.field === field.name)))
    column.placeholder = `${entity.i18n}._placeholders.${field.name}`;
  if (!field.inForm) column.hideInForm = true;
  else if (field.default !== undefined) column.defaultValue = field.default;
  // a write-only field (a password) is typed in a dialog, never answered: no list cell, nothing to view
  if (field.writeOnly) {
    column.type = 'password';
    column.hideInList = true;
    column.hideInForm = { view: true };
  }
  if (entity.sorts.includes(toSnakeCase(field.name))) column.sortable = true;
  // a key typed by the operator (a region's code) names the row: typed once, fixed when editing
  if (field.name === entity.key?.field && field.inForm) column.disabled = { edit: true };
  return {
    ...column,
    ...deriveSearch(
      column,
      entity.filters.filter((f) => f.field === field.name),
    ),
  };
}

/**
 * Whether the entity can be added and edited here: its button is declared and it has the operation to do it with.
 * A button alone may guard a further action (x-entity.actions: a grant record's `add` guards `grant`, not a form).
 */
export function formAbilities(entity: Pick<EntityManifest<unknown, unknown>, 'buttons' | 'operations'>) {
  const ops = entity.operations;
  return {
    add: !!entity.buttons.add && !!(ops.submit ?? ops.save),
    edit: !!entity.buttons.edit && !!(ops.submit ?? ops.update),
  };
}

/**
 * A page's patch over a derived column. A patch that turns a typed field into a picked one (a parent id into a tree)
 * or back drops the generated placeholder, worded for the other kind, unless it brings its own.
 */
function patchColumn<Row, Form>(
  column: CrudColumn<Row, Form>,
  patch: Partial<CrudColumn<Row, Form>> | undefined,
): CrudColumn<Row, Form> {
  const next = { ...column, ...patch };
  if (patch?.type && !patch.placeholder && isChoiceType(patch.type) !== isChoiceType(column.type))
    delete next.placeholder;
  return next;
}

/** A ResourceDef compiled from an entity manifest, then the page's overrides. */
export function resourceFromEntity<Row, Form>(
  entity: EntityManifest<Row, Form>,
  overrides: EntityOverrides<Row, Form> = {},
): ResourceDef<Row, Form> {
  const { columns: patches = {}, extra = [], order = [], ...options } = overrides;
  const patchOf = (name: string) =>
    (patches as Record<string, Partial<CrudColumn<Row, Form>> | false | undefined>)[name];
  const columns = entity.fields
    .filter((field) => field.inForm || patchOf(field.name))
    .flatMap((field) => {
      const patch = patchOf(field.name);
      return patch === false ? [] : [patchColumn(deriveColumn(entity, field), patch)];
    })
    .concat(extra);
  const rank = (prop: string) => {
    const i = (order as string[]).indexOf(prop);
    return i < 0 ? order.length : i;
  };
  columns.sort((a, b) => rank(a.prop) - rank(b.prop)); // stable: unlisted columns keep the contract's order
  const { add, edit, delete: remove, view } = entity.buttons;
  const can = formAbilities(entity);
  return {
    name: entity.name,
    title: `${entity.i18n}._title`,
    ...(entity.key ? { rowKey: entity.key.field as Extract<keyof Row, string> } : {}),
    ...(entity.tree
      ? { tree: { parentField: entity.tree.parent, ...(entity.tree.lazy ? { lazy: true } : {}) } }
      : {}),
    ...options,
    permissions: { add, edit, delete: remove, view, ...options.permissions },
    // A button the contract does not declare has no permission code to grant it, so it does not exist.
    actions: {
      add: can.add,
      edit: can.edit,
      delete: !!remove,
      batchDelete: !!remove,
      view: !!view,
      ...options.actions,
    },
    columns,
  };
}
