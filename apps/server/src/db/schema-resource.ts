/**
 * Resource and desk tables (docs/platform-contract.md §3.14–3.17): object storage and SMS configs, attachments, the SMS
 * messages the built-in log provider "sent", and notices. All tenant-owned.
 *
 * A partial unique index keeps at most one active (status 2) oss / sms config per tenant, so even a racing
 * `enable` can never leave two active (the handler also serialises enables per tenant).
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns';

const tenantId = () => varchar('tenant_id', { length: 12 }).notNull();

// `status` of the audit columns: for oss and sms, 1 disabled and 2 enabled

export const oss = pgTable(
  'smart_oss',
  {
    id: id(),
    tenantId: tenantId(),
    category: integer('category').notNull(),
    ossCode: varchar('oss_code', { length: 32 }).notNull(),
    endpoint: varchar('endpoint', { length: 255 }).notNull(),
    accessKey: varchar('access_key', { length: 255 }).notNull(),
    /** Never serialised: responses carry the mask. */
    secretKey: varchar('secret_key', { length: 255 }).notNull(),
    bucketName: varchar('bucket_name', { length: 255 }).notNull(),
    appId: varchar('app_id', { length: 255 }).notNull().default(''),
    region: varchar('region', { length: 255 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    uniqueIndex('smart_oss_code_uq')
      .on(t.tenantId, t.ossCode)
      .where(sql`is_deleted = 0`),
    uniqueIndex('smart_oss_active_uq')
      .on(t.tenantId)
      .where(sql`status = 2 and is_deleted = 0`),
  ],
);

export const sms = pgTable(
  'smart_sms',
  {
    id: id(),
    tenantId: tenantId(),
    category: integer('category').notNull(),
    smsCode: varchar('sms_code', { length: 32 }).notNull(),
    templateId: varchar('template_id', { length: 64 }).notNull(),
    accessKey: varchar('access_key', { length: 255 }).notNull(),
    /** Never serialised: responses carry the mask. */
    secretKey: varchar('secret_key', { length: 255 }).notNull(),
    regionId: varchar('region_id', { length: 255 }).notNull().default(''),
    signName: varchar('sign_name', { length: 64 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    uniqueIndex('smart_sms_code_uq')
      .on(t.tenantId, t.smsCode)
      .where(sql`is_deleted = 0`),
    uniqueIndex('smart_sms_active_uq')
      .on(t.tenantId)
      .where(sql`status = 2 and is_deleted = 0`),
  ],
);

/** Messages handed to an SMS provider (the built-in `log` provider only records them here and in the log). */
export const smsMessage = pgTable(
  'smart_sms_message',
  {
    id: id(),
    tenantId: tenantId(),
    smsId: bigint('sms_id', { mode: 'bigint' }).notNull(),
    smsCode: varchar('sms_code', { length: 32 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    templateId: varchar('template_id', { length: 64 }).notNull().default(''),
    signName: varchar('sign_name', { length: 64 }).notNull().default(''),
    phones: varchar('phones', { length: 1200 }).notNull(),
    /** template variables as JSON */
    params: varchar('params', { length: 2000 }).notNull().default('{}'),
    success: integer('success').notNull().default(1),
    createUser: bigint('create_user', { mode: 'bigint' }),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('smart_sms_message_tenant_time_idx').on(t.tenantId, t.createTime)],
);

export const attach = pgTable(
  'smart_attach',
  {
    id: id(),
    tenantId: tenantId(),
    link: varchar('link', { length: 1000 }).notNull(),
    domain: varchar('domain', { length: 500 }).notNull().default(''),
    name: varchar('name', { length: 500 }).notNull().default(''),
    originalName: varchar('original_name', { length: 500 }).notNull(),
    extension: varchar('extension', { length: 12 }).notNull().default(''),
    attachSize: bigint('attach_size', { mode: 'number' }).notNull().default(0),
    ...audit(),
  },
  (t) => [index('smart_attach_tenant_time_idx').on(t.tenantId, t.createTime)],
);

export const notice = pgTable(
  'smart_notice',
  {
    id: id(),
    tenantId: tenantId(),
    title: varchar('title', { length: 255 }).notNull(),
    category: integer('category').notNull(),
    releaseTime: ts('release_time').notNull(),
    /** Rich text: HTML sanitised to the allowlist of desk.yaml before it is stored (notice-html.ts). */
    content: varchar('content', { length: 2000 }).notNull().default(''),
    ...audit(),
  },
  (t) => [index('smart_notice_tenant_release_idx').on(t.tenantId, t.releaseTime)],
);
