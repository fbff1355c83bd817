/**
 * Yingdao RPA tables (docs/spec.md §3 "RPA and vendor", docs/automation-domain.md §2.5). Tenant-owned.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns';

/**
 * Customers (contract tag `yd_user`, src/modules/yingdao/yd-user). `password` is the argon2id hash of what the form
 * sends (src/auth/password.ts), never answered (write-only in the contract). The partial unique index settles
 * concurrent submits of one account.
 */
export const ydUser = pgTable(
  'smart_yd_user',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    account: varchar('account', { length: 45 }).notNull(),
    password: varchar('password', { length: 255 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    nickname: varchar('nickname', { length: 64 }).notNull().default(''),
    avatar: varchar('avatar', { length: 512 }).notNull().default(''),
    email: varchar('email', { length: 64 }).notNull().default(''),
    inviterId: bigint('inviter_id', { mode: 'bigint' }),
    source: integer('source').notNull().default(1),
    ydLoginAccount: varchar('yd_login_account', { length: 64 }).notNull().default(''),
    ydUserUuid: varchar('yd_user_uuid', { length: 64 }).notNull().default(''),
    ydAccountType: varchar('yd_account_type', { length: 16 }).notNull().default(''),
    ydExpiredTime: ts('yd_expired_time'),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    lastLoginTime: ts('last_login_time'),
    lastLoginIp: varchar('last_login_ip', { length: 64 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    uniqueIndex('smart_yd_user_account_uq')
      .on(t.tenantId, t.account)
      .where(sql`is_deleted = 0`),
    index('smart_yd_user_tenant_idx').on(t.tenantId, t.createTime),
  ],
);

/**
 * Referral records (contract tag `yd_user_develop`, src/modules/yingdao/yd-user-develop): one per promoting
 * customer, one per invite key, among the live rows of a tenant (the partial unique indexes settle concurrent
 * writes). The counters and totals are the server's.
 */
export const ydUserDevelop = pgTable(
  'smart_yd_user_develop',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }).notNull(),
    inviteKey: varchar('invite_key', { length: 16 }).notNull(),
    qrCodeUrl: varchar('qr_code_url', { length: 512 }).notNull().default(''),
    parentUserId: bigint('parent_user_id', { mode: 'bigint' }),
    level: integer('level').notNull().default(1),
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    shareLink: varchar('share_link', { length: 512 }).notNull().default(''),
    invitedCount: integer('invited_count').notNull().default(0),
    paidInvitedCount: integer('paid_invited_count').notNull().default(0),
    rewardPowerTotal: bigint('reward_power_total', { mode: 'number' }).notNull().default(0),
    commissionTotal: numeric('commission_total', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    ...audit(),
  },
  (t) => [
    uniqueIndex('smart_yd_user_develop_user_uq')
      .on(t.tenantId, t.ydUserId)
      .where(sql`is_deleted = 0`),
    uniqueIndex('smart_yd_user_develop_key_uq')
      .on(t.tenantId, t.inviteKey)
      .where(sql`is_deleted = 0`),
    index('smart_yd_user_develop_tenant_idx').on(t.tenantId, t.createTime),
  ],
);

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
