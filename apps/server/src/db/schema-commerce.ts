/**
 * Compute-power ledger and e-mail log (docs/automation-domain.md §2). Tenant-owned.
 */
import { bigint, index, integer, jsonb, numeric, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns';

/**
 * AI configurations (contract tag `ai_config`, src/modules/commerce/ai-config). The API key is an x-secret
 * (src/kernel/entity-secrets.ts), stored sealed: `text`, since the sealed form is longer than the key.
 */
export const aiConfig = pgTable(
  'smart_ai_config',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    configName: varchar('config_name', { length: 64 }).notNull(),
    platform: varchar('platform', { length: 8 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    baseUrl: varchar('base_url', { length: 256 }).notNull(),
    apiKey: text('api_key').notNull().default(''),
    model: varchar('model', { length: 64 }).notNull(),
    appCode: varchar('app_code', { length: 64 }).notNull().default(''),
    systemPrompt: text('system_prompt').notNull().default(''),
    userPromptTemplate: text('user_prompt_template').notNull().default(''),
    minLength: integer('min_length').notNull().default(5),
    maxLength: integer('max_length').notNull().default(20),
    temperature: numeric('temperature', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0.7),
    maxTokens: integer('max_tokens').notNull().default(256),
    timeoutMs: integer('timeout_ms').notNull().default(15000),
    retryTimes: integer('retry_times').notNull().default(2),
    powerCost: integer('power_cost').notNull().default(1),
    isDefault: integer('is_default').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    index('smart_ai_config_tenant_idx').on(t.tenantId, t.createTime),
    index('smart_ai_config_platform_idx').on(t.tenantId, t.platform),
  ],
);

/** Power log (contract tag `power_logs`, served as declared: src/modules/plain-entities.ts). */
export const powerLogs = pgTable(
  'smart_power_logs',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ydUserId: bigint('yd_user_id', { mode: 'bigint' }),
    changeType: integer('change_type').notNull().default(1),
    power: integer('power').notNull().default(0),
    bizType: varchar('biz_type', { length: 16 }).notNull().default(''),
    bizId: varchar('biz_id', { length: 64 }).notNull().default(''),
    platform: varchar('platform', { length: 8 }).notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    powerBefore: integer('power_before').notNull().default(0),
    powerAfter: integer('power_after').notNull().default(0),
    ...audit(),
  },
  (t) => [index('smart_power_logs_tenant_idx').on(t.tenantId, t.createTime)],
);

/** E-mail log (contract tag `send_email_log`, served as declared: src/modules/plain-entities.ts). */
export const sendEmailLog = pgTable(
  'smart_send_email_log',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    bizType: varchar('biz_type', { length: 16 }).notNull().default('MJ_RESULT'),
    bizId: varchar('biz_id', { length: 64 }).notNull().default(''),
    appId: bigint('app_id', { mode: 'bigint' }),
    smtpHost: varchar('smtp_host', { length: 128 }).notNull().default(''),
    fromAddress: varchar('from_address', { length: 128 }).notNull().default(''),
    fromName: varchar('from_name', { length: 64 }).notNull().default(''),
    toAddress: varchar('to_address', { length: 512 }).notNull().default(''),
    ccAddress: varchar('cc_address', { length: 512 }).notNull().default(''),
    subject: varchar('subject', { length: 255 }).notNull().default(''),
    content: text('content').notNull().default(''),
    attachments: jsonb('attachments').notNull().default([]),
    sendStatus: integer('send_status').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    errorMsg: varchar('error_msg', { length: 500 }).notNull().default(''),
    retryCount: integer('retry_count').notNull().default(0),
    sendTime: ts('send_time'),
    ...audit(),
  },
  (t) => [index('smart_send_email_log_tenant_idx').on(t.tenantId, t.createTime)],
);
