/** Column builders shared by the schema files (drizzle-kit reads the tables they build; the SQL is the same). */
import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';

/** Snowflake-style bigint primary key. */
export const id = () => bigint('id', { mode: 'bigint' }).primaryKey();

/** Millisecond timestamps without time zone, as the platform stores them. */
export const ts = (name: string) => timestamp(name, { mode: 'date', precision: 3 });

/** BaseEntity columns (docs/platform-contract.md §1.8). */
export const audit = () => ({
  createUser: bigint('create_user', { mode: 'bigint' }),
  createDept: bigint('create_dept', { mode: 'bigint' }),
  createTime: ts('create_time').notNull().defaultNow(),
  updateUser: bigint('update_user', { mode: 'bigint' }),
  updateTime: ts('update_time').notNull().defaultNow(),
  status: integer('status').notNull().default(1),
  isDeleted: integer('is_deleted').notNull().default(0),
});
