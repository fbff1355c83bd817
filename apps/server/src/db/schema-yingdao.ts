/**
 * Yingdao RPA tables (docs/spec.md §3 "RPA and vendor", docs/automation-domain.md §2.5). Tenant-owned.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns';

/**
 * Open-API credentials of a tenant, optionally of one customer (`yd_user_id`, null = the tenant default). The
 * two secrets are stored encrypted (src/kernel/secret-box.ts) and never serialised; `text` because the
 * ciphertext of a 256-character secret is longer than the secret.
 */
export const yingdaoAuth = pgTable(
  'smart_yingdao_auth',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    authName: varchar('auth_name', { length: 64 }).notNull(),
    apiBaseUrl: varchar('api_base_url', { length: 128 }).notNull(),
    accessKeyId: varchar('access_key_id', { length: 64 }).notNull(),
    accessKeySecret: text('access_key_secret').notNull(),
    /** The cached Yingdao access token (encrypted like the secrets); dropped when the key changes. */
    accessToken: text('access_token').notNull().default(''),
    tokenExpireTime: ts('token_expire_time'),
    defaultAccountName: varchar('default_account_name', { length: 64 }).notNull().default(''),
    defaultRobotGroupUuid: varchar('default_robot_group_uuid', { length: 64 }).notNull().default(''),
    appMap: jsonb('app_map').$type<Record<string, string>>().notNull().default({}),
    callbackUrl: varchar('callback_url', { length: 256 }).notNull().default(''),
    callbackSecret: text('callback_secret').notNull().default(''),
    lastCheckTime: ts('last_check_time'),
    /** 1 passed, 0 failed, -1 never tested. */
    lastCheckOk: integer('last_check_ok').notNull().default(-1),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    uniqueIndex('smart_yingdao_auth_name_uq')
      .on(t.tenantId, t.authName)
      .where(sql`is_deleted = 0`),
    index('smart_yingdao_auth_tenant_idx')
      .on(t.tenantId, t.createTime)
      .where(sql`is_deleted = 0`),
  ],
);
