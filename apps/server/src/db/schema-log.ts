/**
 * Log tables (docs/platform-contract.md §3.20), written by the server itself (src/logging), read-only through smart-log;
 * and the exact row counters of src/crud/count.ts.
 */
import { bigint, index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Columns every log shares. */
const common = () => ({
  id: bigint('id', { mode: 'bigint' }).primaryKey(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull().default('000000'),
  serviceId: varchar('service_id', { length: 255 }).notNull().default(''),
  serverIp: varchar('server_ip', { length: 255 }).notNull().default(''),
  serverHost: varchar('server_host', { length: 255 }).notNull().default(''),
  env: varchar('env', { length: 255 }).notNull().default(''),
  remoteIp: varchar('remote_ip', { length: 255 }).notNull().default(''),
  userAgent: varchar('user_agent', { length: 1000 }).notNull().default(''),
  requestUri: varchar('request_uri', { length: 1000 }).notNull().default(''),
  method: varchar('method', { length: 10 }).notNull().default(''),
  methodClass: varchar('method_class', { length: 255 }).notNull().default(''),
  methodName: varchar('method_name', { length: 255 }).notNull().default(''),
  params: text('params').notNull().default(''),
  createBy: varchar('create_by', { length: 64 }).notNull().default(''),
  createTime: ts('create_time').notNull().defaultNow(),
});

// Lists are always newest first, per tenant (or across tenants for the platform administrator): both orders are
// served by an index, so the first page never sorts the table. The indexes are ascending on purpose: a backward
// scan gives `order by create_time desc, id desc` (DESC NULLS FIRST); drizzle's `.desc()` would declare
// DESC NULLS LAST, which that order cannot use (a sort of the whole table per request).
export const logUsual = pgTable(
  'smart_log_usual',
  {
    ...common(),
    logLevel: varchar('log_level', { length: 32 }).notNull().default('INFO'),
    logId: varchar('log_id', { length: 255 }).notNull().default(''),
    logData: text('log_data').notNull().default(''),
  },
  (t) => [
    index('smart_log_usual_tenant_time_idx').on(t.tenantId, t.createTime, t.id),
    index('smart_log_usual_time_idx').on(t.createTime, t.id),
  ],
);

export const logApi = pgTable(
  'smart_log_api',
  {
    ...common(),
    type: varchar('type', { length: 2 }).notNull().default('1'),
    title: varchar('title', { length: 255 }).notNull().default(''),
    time: varchar('time', { length: 64 }).notNull().default(''),
  },
  (t) => [
    index('smart_log_api_tenant_time_idx').on(t.tenantId, t.createTime, t.id),
    index('smart_log_api_time_idx').on(t.createTime, t.id),
  ],
);

export const logError = pgTable(
  'smart_log_error',
  {
    ...common(),
    stackTrace: text('stack_trace').notNull().default(''),
    exceptionName: varchar('exception_name', { length: 255 }).notNull().default(''),
    message: text('message').notNull().default(''),
    fileName: varchar('file_name', { length: 255 }).notNull().default(''),
    lineNumber: integer('line_number').notNull().default(0),
  },
  (t) => [
    index('smart_log_error_tenant_time_idx').on(t.tenantId, t.createTime, t.id),
    index('smart_log_error_time_idx').on(t.createTime, t.id),
  ],
);

/**
 * Exact live-row counts per (table, tenant), maintained by statement-level triggers in the writing transaction
 * (src/crud/count.ts installs them). Tables without a tenant column count under tenant ''.
 */
export const rowCount = pgTable(
  'smart_row_count',
  {
    tableName: varchar('table_name', { length: 64 }).notNull(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.tenantId] })],
);
