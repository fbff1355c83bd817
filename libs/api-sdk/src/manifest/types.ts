/**
 * Entity manifests: what the contract declares about one CRUD entity, in the shape every layer reads.
 *
 * The contract states an entity once (docs/architecture.md §3): the tag's `x-entity` names its operations, buttons and menu
 * place; the list's query parameters carry `x-filter`; the list carries `x-sort`; the schemas carry `x-label`,
 * `x-rule` and `x-dict`. `deriveEntities` (derive.ts) turns the bundled contract into this data; the generator
 * writes it out per entity for the console (with the bound SDK functions) and the server derives the same at start.
 * Plain JSON data only: the server, the generator and tests share it.
 */

/** A zh/en text of the contract (`x-label`, `x-rule`). */
export interface LocalText {
  zh: string;
  en: string;
}

/** The CRUD operations an entity may have; `submit` creates without an id and updates with one. */
export type EntityOperationRole = 'list' | 'detail' | 'submit' | 'save' | 'update' | 'remove';

/** The page buttons of an entity (menu `<code>_<kind>`): what the console shows and the server enforces. */
export type EntityButtonKind = 'add' | 'edit' | 'delete' | 'view';

/**
 * The button a write beyond the CRUD four needs (`x-entity.actions`): switching a row, an import, a schedule;
 * `submit` as the CRUD submit, the add button without an id and the edit button with one (the entity's rows created
 * or updated through a second path, `x-entity.alsoTags`).
 */
export type EntityActionKind = Exclude<EntityButtonKind, 'view'> | 'submit';

/**
 * How a query property filters (docs/platform-contract.md's suffixes): `like` contains, `equal` is equality, the date kinds
 * compare a datetime column with a `yyyy-MM-dd HH:mm:ss` value.
 */
export type FilterKind =
  | 'like'
  | 'notlike'
  | 'likeleft'
  | 'likeright'
  | 'equal'
  | 'notequal'
  | 'gt'
  | 'lt'
  | 'ge'
  | 'le'
  | 'dategt'
  | 'datelt'
  | 'dateequal'
  | 'datege'
  | 'datele'
  | 'null'
  | 'notnull';

export const FILTER_KINDS: readonly FilterKind[] = [
  'like',
  'notlike',
  'likeleft',
  'likeright',
  'equal',
  'notequal',
  'gt',
  'lt',
  'ge',
  'le',
  'dategt',
  'datelt',
  'dateequal',
  'datege',
  'datele',
  'null',
  'notnull',
];

export interface EntityFilter {
  /** The query parameter as the contract names it (`postCode`, `createTime_dategt`). */
  param: string;
  /** The entity property it filters (`createTime` for `createTime_dategt`). */
  field: string;
  /** How the parameter itself filters. */
  kind: FilterKind;
  /** Further kinds the property accepts as `<field>_<kind>` (the first x-filter entry is `kind`). */
  also: FilterKind[];
}

export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

export interface EntityField {
  name: string;
  type: FieldType;
  /** `date-time` for the `yyyy-MM-dd HH:mm:ss` strings (common.yaml DateTime), and other formats as given. */
  format?: string;
  label?: LocalText;
  /** The message of the field's first rule (required, else length). */
  rule?: LocalText;
  /** The contract's `x-placeholder`, where the label alone does not say what to type (a format); see field-texts.ts. */
  placeholder?: LocalText;
  dict?: string;
  enum?: (string | number)[];
  /** Part of the submit (or save) body. */
  inForm: boolean;
  /** Required in the submit (or save) body. */
  required: boolean;
  /** Filled by the server (audit columns, labels of codes). */
  readOnly: boolean;
  /** Sent, never answered (`writeOnly`: a password the server keeps as a hash). */
  writeOnly?: true;
  /** A list of plain strings (`type: array` of `type: string` items): edited one item a line. */
  items?: 'string';
  /** The contract's `default`: what a new row's form starts with (a job's misfire policy, a task's priority). */
  default?: string | number | boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  /** The field holds the id (or the ids) of rows of another entity (`x-entity.refs`): forms pick among those rows. */
  ref?: EntityRef;
}

/**
 * A reference to the rows of another declared entity (`x-entity.refs.<field>`): a form offers that entity's rows by
 * their `label` field, a list shows the label in place of the id.
 */
export interface EntityRef {
  /** The referenced entity (its contract tag: `dy_comm_arr`). */
  entity: string;
  /** The field of the referenced entity that names a row (`arrName`). */
  label: string;
  /** The field holds a comma-separated list of ids (patterns.yaml IdList), else one id (or '' for none). */
  multiple: boolean;
  /** Path of the referenced entity's list operation, as served: where a form reads the rows to offer. */
  list: string;
}

export interface EntityMenu {
  /** Menu code, also the prefix of the button codes and the data-scope code. */
  code: string;
  /** The menu's name (the entity's `label` is the noun of dialog titles). */
  name: LocalText;
  /** Code of the parent menu. */
  parent: string;
  path: string;
  icon: string;
  sort: number;
}

/** Form fields that together are unique among the live rows (of the tenant), and the message of a clash. */
export interface EntityUnique {
  fields: string[];
  message: LocalText;
}

/**
 * A tree entity (`x-entity.tree`): its list answers a forest (rows with `children`, roots first) rather than a page,
 * and `parent` is the form field holding the parent row's id (`0` or '' at the top).
 */
export interface EntityTree {
  parent: string;
  /**
   * The list answers one level a call (rows with `hasChildren`): the children of the row whose key its `parent`
   * parameter names (region.yaml `lazyList?parentCode=`), the top level with `root` (or without the parameter).
   */
  lazy?: true;
  root?: string;
}

/**
 * How detail and remove name a row, where the contract does not use `detail?id=` and `remove?ids=` (region.yaml:
 * keyed by its code, removed one a call). Read from the two operations' parameters, never declared.
 */
export interface EntityKey {
  /** The field whose value names a row (a region's `code`). */
  field: string;
  /** Detail's query parameter carrying it. */
  detail: string;
  /** Remove's query parameter carrying it. */
  remove: string;
  /** Remove takes a comma-joined list (`ids`), else one row a call. */
  many: boolean;
}

export interface EntityManifestData {
  /** The entity's name: its contract tag. */
  name: string;
  /** Entity title (menu name, dialog titles). */
  label: LocalText;
  /** The view-object schema of the detail (else list) answer, and the submit body schema. */
  schema: string;
  formSchema?: string;
  operations: Partial<Record<EntityOperationRole, string>>;
  /** Paths of the operations, as served. */
  paths: Partial<Record<EntityOperationRole, string>>;
  /** Every view-object property, in contract order, with what the form knows of it. */
  fields: EntityField[];
  filters: EntityFilter[];
  /** Columns the list sorts by (snake_case, the values of `ascs` / `descs`). */
  sorts: string[];
  buttons: Partial<Record<EntityButtonKind, string>>;
  /**
   * Further writes of the entity (`x-entity.actions`: operation id → the button kind it needs): the server guards
   * them as it guards the CRUD writes, the console shows them to whoever holds that button.
   */
  actions?: Record<string, EntityActionKind>;
  /** The submit (or save) answers the saved row (its 200 data is the view object), else an empty object. */
  submitAnswersRow: boolean;
  /** Unique keys (`x-entity.unique`); the server refuses a write that would repeat one. */
  unique: EntityUnique[];
  menu?: EntityMenu;
  tree?: EntityTree;
  /** Where rows are not read by `id` and removed by `ids` (row-key.ts); absent for the platform's own shape. */
  key?: EntityKey;
  /** The fields a list shows at first, in this order (`x-entity.columns`); the others on demand. */
  columns?: string[];
  /**
   * Properties marked `x-secret` (a dot path one level into an object field: `emailConfig.smtpPassword`): answered
   * masked (their first characters, then `****`), stored encrypted, kept when the mask is sent back.
   */
  secrets?: string[];
}
