/**
 * Tenant administration tables (docs/platform-contract.md §3.8). The tenant and client tables themselves live in schema.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Tenant packages: the menus a tenant may use (comma-joined ids, as upstream). Platform-wide. */
export const tenantPackage = pgTable(
  'smart_tenant_package',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey(),
    packageName: varchar('package_name', { length: 50 }).notNull(),
    menuId: text('menu_id').notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createUser: bigint('create_user', { mode: 'bigint' }),
    createDept: bigint('create_dept', { mode: 'bigint' }),
    createTime: ts('create_time').notNull().defaultNow(),
    updateUser: bigint('update_user', { mode: 'bigint' }),
    updateTime: ts('update_time').notNull().defaultNow(),
    status: integer('status').notNull().default(1),
    isDeleted: integer('is_deleted').notNull().default(0),
  },
  (t) => [
    index('smart_tenant_package_time_idx')
      .on(t.createTime)
      .where(sql`is_deleted = 0`),
  ],
);
