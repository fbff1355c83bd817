/**
 * Developer tools (contract tags `datasource` and `code`, openapi/paths/smart-develop/): database connections and
 * code generator configs. Platform data: no tenant column, only the administrator of tenant 000000 reaches them
 * (src/modules/develop/). Both keep the audit columns, though the code config's view does not show them
 * (openapi/schemas/develop.yaml `Code`): who created a config and when orders the list, newest first.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from './columns';

/** Datasources: JDBC-style connections; the code generator reads table columns through them. */
export const datasource = pgTable(
  'smart_datasource',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    driverClass: varchar('driver_class', { length: 255 }).notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    username: varchar('username', { length: 255 }).notNull(),
    /** Never serialised: responses carry the mask (src/kernel/secret.ts). Kept as sent: connecting needs it. */
    password: varchar('password', { length: 255 }).notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    uniqueIndex('smart_datasource_name_uq')
      .on(t.name)
      .where(sql`is_deleted = 0`),
  ],
);

/** Code generator configs: a table of a datasource and how to name what is generated from it. */
export const codeConfig = pgTable(
  'smart_code',
  {
    id: id(),
    datasourceId: bigint('datasource_id', { mode: 'bigint' }).notNull(),
    serviceName: varchar('service_name', { length: 64 }).notNull(),
    codeName: varchar('code_name', { length: 64 }).notNull(),
    tableName: varchar('table_name', { length: 64 }).notNull(),
    tablePrefix: varchar('table_prefix', { length: 64 }).notNull().default(''),
    pkName: varchar('pk_name', { length: 32 }).notNull(),
    packageName: varchar('package_name', { length: 500 }).notNull(),
    baseMode: integer('base_mode').notNull(),
    wrapMode: integer('wrap_mode').notNull(),
    apiPath: varchar('api_path', { length: 2000 }).notNull().default(''),
    webPath: varchar('web_path', { length: 2000 }).notNull().default(''),
    ...audit(),
  },
  (t) => [index('smart_code_datasource_idx').on(t.datasourceId)],
);
