/**
 * What the generator makes of a code config and its table (./columns.ts): the names of the entity, its service and
 * menu group, and its fields, in this project's conventions (README.md "Add an entity"): a snake_case contract tag,
 * a camelCase Drizzle table `smart_<tag>` keyed by a 64-bit `id`, `tenant_id` and the audit columns as
 * src/db/columns.ts builds them, labels from the column comments.
 */
import type { ColumnKind, SourceColumn, SourceTable } from './columns';

/** The fields of a code config the generator reads (openapi/schemas/develop.yaml `CodeFields`). */
export interface GenConfig {
  serviceName: string;
  codeName: string;
  tableName: string;
  tablePrefix: string;
  pkName: string;
  packageName: string;
  baseMode: number;
  wrapMode: number;
}

export interface GenField {
  /** Property of the contract, the form and the Drizzle table. */
  prop: string;
  /** Column of the generated table (the source's name, lower case). */
  column: string;
  kind: ColumnKind;
  maxLength?: number;
  precision?: number;
  scale?: number;
  /** Required in the form: the source column is NOT NULL without a default. */
  required: boolean;
  label: { zh: string; en: string };
  /** A plain lower-case column: sortable by its own name. */
  sortable: boolean;
}

export interface GenModel {
  /** Contract tag, menu code and entity name (snake_case). */
  entity: string;
  /** File names: `schema-<kebab>.ts`, `<kebab>.module.ts`. */
  kebab: string;
  /** The Drizzle table's export. */
  tableConst: string;
  /** Prefix of the operation ids (camelCase) and of the schema names (PascalCase). */
  camel: string;
  pascal: string;
  service: string;
  /** Parent menu code: the last segment of the package. */
  group: string;
  sqlTable: string;
  sourceTable: string;
  label: { zh: string; en: string };
  /** Tenant-owned (the source has `tenant_id`). */
  tenant: boolean;
  /** The audit columns of src/db/columns.ts `audit()` (baseMode 2). */
  base: boolean;
  /** A module file instead of a plain-entities line (wrapMode 2). */
  wrap: boolean;
  fields: GenField[];
}

/** Columns `audit()` provides (src/db/columns.ts), by SQL name. */
export const AUDIT_COLUMNS = [
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
] as const;

/** Names the generated schema file imports, and JavaScript's reserved words: no table export may take them. */
const TAKEN = new Set(
  [
    'id ts audit sql index pgTable bigint boolean doublePrecision integer numeric text varchar',
    'await break case catch class const continue debugger default delete do else enum export extends false',
    'finally for function if import in instanceof let new null return static super switch this throw true',
    'try typeof var void while with yield',
  ]
    .join(' ')
    .split(' '),
);

/** `release_time` → `releaseTime`, as the manifests turn x-sort columns into fields (libs/api-sdk derive.ts). */
export const camelOf = (snake: string): string =>
  snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** A lower-case identifier of letters, digits and underscores, not starting with a digit. */
const identifier = (raw: string): string => {
  const s = raw.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  return /^[a-z_]/.test(s) ? s : `_${s}`;
};

/** `release_time` → `Release time`. */
const humanize = (snake: string): string => {
  const words = snake.replace(/_+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : snake;
};

const printable = (s: string): boolean => /^[\x20-\x7e]+$/.test(s);

/** The zh/en label of a column: its comment (its first line), else its name. */
function labelOf(c: SourceColumn): { zh: string; en: string } {
  const comment = c.comment.split(/\r?\n/)[0]!.trim().slice(0, 64);
  return {
    zh: comment || c.name,
    en: comment && printable(comment) ? comment : humanize(c.name.toLowerCase()),
  };
}

/** The entity's tag: the table without its prefix (`blade_notice` less `blade_` → `notice`). */
export function entityName(tableName: string, prefix: string): string {
  const table = tableName.toLowerCase();
  const p = prefix.toLowerCase();
  const bare = p && table.startsWith(p) && table.length > p.length ? table.slice(p.length) : table;
  return identifier(bare).replace(/^_+/, '') || 'entity';
}

export function buildModel(cfg: GenConfig, table: SourceTable): GenModel {
  const entity = entityName(cfg.tableName, cfg.tablePrefix);
  const camel = camelOf(entity).replace(/_/g, '');
  const base = cfg.baseMode === 2;
  const pk =
    table.columns.find((c) => c.name.toLowerCase() === cfg.pkName.toLowerCase()) ??
    table.columns.find((c) => c.primary);
  // the generated table's own columns: its key, tenant and (with the base entity) the audit columns
  const own = new Set(['id', 'tenant_id', 'is_deleted', ...(base ? AUDIT_COLUMNS : [])]);
  const props = new Set(['id', 'tenantId', 'isDeleted']);
  const fields: GenField[] = [];
  for (const c of table.columns) {
    const column = identifier(c.name);
    if (c === pk || own.has(column)) continue;
    let prop = camelOf(column);
    while (props.has(prop)) prop = `${prop}_`;
    props.add(prop);
    const f: GenField = {
      prop,
      column,
      kind: c.kind,
      required: c.notNull && !c.hasDefault,
      label: labelOf(c),
      sortable: column === c.name && !column.startsWith('_') && camelOf(column) === prop,
    };
    if (c.maxLength !== undefined) f.maxLength = c.maxLength;
    if (c.precision !== undefined) f.precision = c.precision;
    if (c.scale !== undefined) f.scale = c.scale;
    fields.push(f);
  }
  const groupSegment = cfg.packageName.split('.').pop() ?? '';
  return {
    entity,
    kebab: entity.replace(/_/g, '-'),
    tableConst: TAKEN.has(camel) ? `${camel}Table` : camel,
    camel,
    pascal: camel[0]!.toUpperCase() + camel.slice(1),
    service: cfg.serviceName,
    group: identifier(groupSegment).replace(/^_+/, '') || 'tool',
    sqlTable: `smart_${entity}`,
    sourceTable: table.name,
    label: {
      zh: cfg.codeName,
      en: table.comment && printable(table.comment) ? table.comment.slice(0, 64) : humanize(entity),
    },
    tenant: table.columns.some((c) => c.name.toLowerCase() === 'tenant_id'),
    base,
    wrap: cfg.wrapMode === 2,
    fields,
  };
}
