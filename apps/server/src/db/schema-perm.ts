/**
 * Permission tables (docs/platform-contract.md §3.2–3.4, §3.11–3.12): top menus and their menus, data-scope and API-scope
 * rules, and the scopes granted to roles. Role ↔ menu grants live in schema.ts (`smart_role_menu`).
 */
import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from './columns';

/** Top-bar entries of a tenant (tenant-owned). */
export const topMenu = pgTable(
  'smart_top_menu',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    code: varchar('code', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    source: varchar('source', { length: 255 }).notNull().default(''),
    /** open-source edition's route of the entry; not part of the contract's TopMenu */
    path: varchar('path', { length: 255 }).notNull().default(''),
    sort: integer('sort').notNull().default(1),
    ...audit(),
  },
  (t) => [index('smart_top_menu_tenant_idx').on(t.tenantId, t.sort)],
);

/** Menus of a top menu (written by `topmenu/grant`). */
export const topMenuSetting = pgTable(
  'smart_top_menu_setting',
  {
    id: id(),
    topMenuId: bigint('top_menu_id', { mode: 'bigint' }).notNull(),
    menuId: bigint('menu_id', { mode: 'bigint' }).notNull(),
  },
  (t) => [uniqueIndex('smart_top_menu_setting_uq').on(t.topMenuId, t.menuId)],
);

/** Data-scope rules (platform-wide, attached to a menu). */
export const scopeData = pgTable(
  'smart_scope_data',
  {
    id: id(),
    menuId: bigint('menu_id', { mode: 'bigint' }).notNull(),
    resourceCode: varchar('resource_code', { length: 255 }).notNull(),
    scopeName: varchar('scope_name', { length: 255 }).notNull(),
    scopeField: varchar('scope_field', { length: 255 }).notNull().default('*'),
    scopeClass: varchar('scope_class', { length: 500 }).notNull(),
    scopeColumn: varchar('scope_column', { length: 255 }).notNull().default(''),
    scopeType: integer('scope_type').notNull(),
    scopeValue: varchar('scope_value', { length: 2000 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit(),
  },
  (t) => [index('smart_scope_data_menu_idx').on(t.menuId)],
);

/** API-scope rules (platform-wide, attached to a menu). */
export const scopeApi = pgTable(
  'smart_scope_api',
  {
    id: id(),
    menuId: bigint('menu_id', { mode: 'bigint' }).notNull(),
    resourceCode: varchar('resource_code', { length: 255 }).notNull(),
    scopeName: varchar('scope_name', { length: 255 }).notNull(),
    scopePath: varchar('scope_path', { length: 500 }).notNull(),
    scopeType: integer('scope_type').notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit(),
  },
  (t) => [index('smart_scope_api_menu_idx').on(t.menuId)],
);

/** Scopes granted to roles: category 1 data scope, 2 API scope (dictionary `scope_category`). */
export const roleScope = pgTable(
  'smart_role_scope',
  {
    id: id(),
    scopeCategory: integer('scope_category').notNull(),
    scopeId: bigint('scope_id', { mode: 'bigint' }).notNull(),
    roleId: bigint('role_id', { mode: 'bigint' }).notNull(),
  },
  (t) => [uniqueIndex('smart_role_scope_uq').on(t.roleId, t.scopeCategory, t.scopeId)],
);
