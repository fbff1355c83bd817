/**
 * Tables of the authentication extras and the user module (captcha, social login, token-endpoint rate limit,
 * platform extensions). Conventions as in schema.ts: no foreign keys, ids are server-generated bigints.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * Short-lived single-use secrets shared by every instance: captcha answers (kind `captcha`, the hash of key and
 * answer) and social-login `state` values (kind `social`, the provider). Consumed by deleting the row.
 */
export const authTicket = pgTable(
  'smart_auth_ticket',
  {
    key: varchar('key', { length: 64 }).primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    secret: varchar('secret', { length: 128 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('smart_auth_ticket_exp_idx').on(t.expiresAt)],
);

/** Fixed-window counters of the token endpoint (per account and per address), shared by every instance. */
export const authRate = pgTable(
  'smart_auth_rate',
  {
    bucket: varchar('bucket', { length: 200 }).notNull(),
    /** start of the window, epoch milliseconds */
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.windowStart] }),
    index('smart_auth_rate_window_idx').on(t.windowStart),
  ],
);

/** Third-party accounts (docs/platform-contract.md §3.1 UserOauth); `user_id` is null until the account is bound. */
export const userOauth = pgTable(
  'smart_user_oauth',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    source: varchar('source', { length: 32 }).notNull(),
    /** the provider's user id */
    uuid: varchar('uuid', { length: 128 }).notNull(),
    userId: bigint('user_id', { mode: 'bigint' }),
    username: varchar('username', { length: 100 }).notNull().default(''),
    nickname: varchar('nickname', { length: 100 }).notNull().default(''),
    avatar: varchar('avatar', { length: 500 }).notNull().default(''),
    blog: varchar('blog', { length: 255 }).notNull().default(''),
    company: varchar('company', { length: 255 }).notNull().default(''),
    location: varchar('location', { length: 255 }).notNull().default(''),
    email: varchar('email', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    gender: varchar('gender', { length: 16 }).notNull().default(''),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('smart_user_oauth_uq').on(t.tenantId, t.source, t.uuid),
    index('smart_user_oauth_user_idx').on(t.userId),
  ],
);

/** Platform extension JSON of a user (upstream blade_user_web / _app / _other in one table keyed by type). */
export const userExt = pgTable(
  'smart_user_ext',
  {
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    userType: integer('user_type').notNull(),
    userExt: text('user_ext').notNull().default(''),
    updateTime: ts('update_time')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.userType] })],
);
