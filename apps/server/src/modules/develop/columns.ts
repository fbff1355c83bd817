/**
 * The columns of a datasource's table, read from information_schema (both engines have it) on a connection of
 * ./connect.ts, in one shape the generator (./generate.ts) reads. PostgreSQL keeps comments in its catalogue
 * (`col_description` / `obj_description`, by the column's ordinal position, which PostgreSQL's information_schema
 * reports as the attribute number); MySQL and MariaDB in information_schema itself.
 */
import type { DbConnection } from './connect';

/** What the generator needs of a column's type. */
export type ColumnKind =
  'string' | 'text' | 'integer' | 'bigint' | 'decimal' | 'number' | 'boolean' | 'datetime' | 'date';

export interface SourceColumn {
  /** The column's name as the source spells it. */
  name: string;
  kind: ColumnKind;
  /** Characters of a string column. */
  maxLength?: number;
  /** Digits of a decimal column. */
  precision?: number;
  scale?: number;
  notNull: boolean;
  hasDefault: boolean;
  comment: string;
  primary: boolean;
}

export interface SourceTable {
  name: string;
  comment: string;
  columns: SourceColumn[];
}

interface RawColumn {
  name: string;
  data_type: string;
  column_type: string | null;
  max_length: number | string | null;
  numeric_precision: number | string | null;
  numeric_scale: number | string | null;
  nullable: boolean | number | string;
  default_value: string | null;
  comment: string | null;
  is_primary: boolean | number | string;
  extra: string | null;
}

const PG_COLUMNS = `
select c.column_name as name, c.data_type as data_type, c.udt_name as column_type,
  c.character_maximum_length as max_length, c.numeric_precision as numeric_precision,
  c.numeric_scale as numeric_scale, c.is_nullable = 'YES' as nullable, c.column_default as default_value,
  col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position) as comment,
  exists (
    select 1 from information_schema.table_constraints t
      join information_schema.key_column_usage k
        on k.constraint_schema = t.constraint_schema and k.constraint_name = t.constraint_name
    where t.constraint_type = 'PRIMARY KEY' and t.table_schema = c.table_schema
      and t.table_name = c.table_name and k.column_name = c.column_name
  ) as is_primary,
  case when c.is_identity = 'YES' then 'identity' else '' end as extra
from information_schema.columns c
where c.table_schema = current_schema() and c.table_name = $1
order by c.ordinal_position`;

const PG_TABLE = `
select coalesce(obj_description(format('%I.%I', t.table_schema, t.table_name)::regclass, 'pg_class'), '') as comment
from information_schema.tables t
where t.table_schema = current_schema() and t.table_name = $1`;

// the aliases matter: MySQL 8 answers information_schema's column names in capitals
const MYSQL_COLUMNS = `
select column_name as name, data_type as data_type, column_type as column_type,
  character_maximum_length as max_length, numeric_precision as numeric_precision,
  numeric_scale as numeric_scale, is_nullable = 'YES' as nullable, column_default as default_value,
  column_comment as comment, column_key = 'PRI' as is_primary, extra as extra
from information_schema.columns
where table_schema = database() and table_name = ?
order by ordinal_position`;

const MYSQL_TABLE = `
select table_comment as comment from information_schema.tables
where table_schema = database() and table_name = ?`;

const num = (v: number | string | null): number | undefined =>
  v === null || v === undefined || v === '' ? undefined : Number(v);
const truthy = (v: boolean | number | string): boolean => v === true || v === 1 || v === '1' || v === 't';

/** The kind of a column from information_schema's `data_type` (and MySQL's full `column_type`). */
export function kindOf(dataType: string, columnType = ''): ColumnKind {
  const t = dataType.toLowerCase();
  if (/^(character varying|varchar|character|char|nchar|nvarchar|uuid|enum|set)$/.test(t)) return 'string';
  if (/^(smallint|integer|int|mediumint|tinyint)$/.test(t))
    return t === 'tinyint' && /^tinyint\(1\)/i.test(columnType) ? 'boolean' : 'integer';
  if (t === 'bigint') return 'bigint';
  if (t === 'numeric' || t === 'decimal') return 'decimal';
  if (/^(real|double precision|double|float)$/.test(t)) return 'number';
  if (t === 'boolean' || t === 'bool' || t === 'bit') return 'boolean';
  if (t.startsWith('timestamp') || t === 'datetime') return 'datetime';
  if (t === 'date') return 'date';
  return 'text';
}

function toColumn(r: RawColumn): SourceColumn {
  const kind = kindOf(r.data_type, r.column_type ?? '');
  const maxLength = r.data_type.toLowerCase() === 'uuid' ? 36 : num(r.max_length);
  // MariaDB reports "no default" of a nullable column as the text NULL; auto-increment and identity columns
  // are filled by the database as a default is
  const def = r.default_value === null || r.default_value === 'NULL' ? null : r.default_value;
  const generated = /auto_increment|identity/i.test(r.extra ?? '');
  const col: SourceColumn = {
    name: r.name,
    kind,
    notNull: !truthy(r.nullable),
    hasDefault: def !== null || generated,
    comment: (r.comment ?? '').trim(),
    primary: truthy(r.is_primary),
  };
  if (kind === 'string' && maxLength !== undefined) col.maxLength = maxLength;
  if (kind === 'decimal') {
    const precision = num(r.numeric_precision);
    const scale = num(r.numeric_scale);
    if (precision !== undefined) col.precision = precision;
    if (scale !== undefined) col.scale = scale;
  }
  return col;
}

/** The table `name` of the connection's default schema (database), or undefined when it has no such table. */
export async function readTable(c: DbConnection, name: string): Promise<SourceTable | undefined> {
  const pgsql = c.engine === 'postgres';
  const rows = await c.query<RawColumn>(pgsql ? PG_COLUMNS : MYSQL_COLUMNS, [name]);
  if (rows.length === 0) return undefined;
  const [table] = await c.query<{ comment: string | null }>(pgsql ? PG_TABLE : MYSQL_TABLE, [name]);
  return { name, comment: (table?.comment ?? '').trim(), columns: rows.map(toColumn) };
}
